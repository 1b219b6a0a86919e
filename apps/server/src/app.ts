import { randomUUID } from 'node:crypto';
import http from 'node:http';
import pino from 'pino';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { newQueryRecord, recordQueries, type QueryRecord } from './db/query-log.js';
import { registerCompression } from './http/compression.js';
import { registerApiDocs } from './http/docs.js';
import { registerErrorHandler } from './http/error-handler.js';
import { createHealthFastPath, HEALTH_PATH } from './http/health-fast-path.js';
import { registerHostCheck } from './http/host-check.js';
import { nulCharacterError, registerJsonParser } from './http/json-body.js';
import { serializeRequestForLog } from './http/log-redaction.js';
import { registerOriginCheck } from './http/origin-check.js';
import { RequestThrottle, registerRequestThrottle, type ThrottlePeers } from './http/request-throttle.js';
import { hasBearerCredential } from './http/session.js';
import { clientErrorHandler, frameworkErrorHandler } from './http/framework-errors.js';
import { registerSecurityHeaders, securityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/web-app.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { apiTokensRoutes } from './modules/api-tokens/api-tokens.routes.js';
import { attachmentsRoutes } from './modules/attachments/attachments.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { calendarRoutes } from './modules/calendar/calendar.routes.js';
import { calendarFeedFileRoutes, calendarFeedRoutes } from './modules/calendar-feed/calendar-feed.routes.js';
import { categoriesRoutes } from './modules/categories/categories.routes.js';
import { commentsRoutes } from './modules/comments/comments.routes.js';
import { relationsRoutes } from './modules/relations/relations.routes.js';
import type { ServiceContext } from './modules/context.js';
import { EventHub } from './modules/events/event-hub.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { featuresRoutes } from './modules/features/features.routes.js';
import { EmailSender, type EmailSenderSettings } from './modules/email/email-sender.js';
import { Notifier, type NotifierSettings } from './modules/notifications/notifier.js';
import { ReminderScheduler, type ReminderSettings } from './modules/notifications/reminder-scheduler.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { NotificationMailer, type NotificationMailerSettings } from './modules/notification-email/notification-mailer.js';
import { notificationSettingsRoutes, UNSUBSCRIBE_PATH, unsubscribeRoutes } from './modules/notification-email/notification-email.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { ImportRunner, type ImportRunnerSettings } from './modules/imports/import-runner.js';
import { importsRoutes } from './modules/imports/imports.routes.js';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes.js';
import { projectsRoutes } from './modules/projects/projects.routes.js';
import { projectExportRoutes } from './modules/project-export/project-export.routes.js';
import { tasksRoutes } from './modules/tasks/tasks.routes.js';
import { todayRoutes } from './modules/today/today.routes.js';
import { todosRoutes } from './modules/todos/todos.routes.js';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes.js';
import { policyOf } from './modules/webhooks/webhook-policy.js';
import { WebhookSender, type WebhookSenderSettings } from './modules/webhooks/webhook-sender.js';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import { createDiskFileStore, type FileStore } from './storage/file-store.js';
import { compiledSerializerCompiler } from './http/response-serializer.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export type BuildAppOptions = {
  config: Config;
  database: Database;
  /** A pino destination or logger options; tests pass a stream to inspect log lines. */
  logger?: FastifyServerOptions['logger'];
  /** Where attachment files live; the disk under config.uploads.dir unless given. */
  files?: FileStore;
  /**
   * Called once per request, before its response is sent, with the SQL it ran (tests count
   * statements per route; the benchmark EXPLAINs them). Off in production.
   */
  onRequestQueries?: (entry: RequestQueries) => void;
  /** Check every answer the compiled serializer writes against the zod pass it replaced (tests). */
  verifyResponses?: boolean;
  /** The other server processes of this instance (WEB_CONCURRENCY), sharing the API throttle. */
  throttlePeers?: ThrottlePeers;
  /** The email outbox sender's waits (tests shorten them); it runs only when SMTP_URL is set. */
  emailSender?: Partial<EmailSenderSettings>;
  /** The notifier's collapse window and sweep (tests shorten or lengthen them). */
  notifier?: Partial<NotifierSettings>;
  /** The reminder scheduler's interval (config.reminderIntervalMs unless given) and clock (tests move it). */
  reminders?: Partial<ReminderSettings>;
  /** The notification email worker's quiet delay, digest interval and poll (tests shorten them); it runs only when SMTP_URL is set. */
  notificationMailer?: Partial<NotificationMailerSettings>;
  /** The import runner's poll, lease and batch size (tests shorten them). */
  imports?: Partial<ImportRunnerSettings>;
  /** The webhook sender's backoff, windows and poll (tests shorten them); `enabled: false` leaves it off (tests that send by hand). */
  webhookSender?: Partial<WebhookSenderSettings> & { enabled?: boolean };
};

export type RequestQueries = {
  requestId: string;
  method: string;
  /** The route's pattern, such as /api/v1/tasks/:taskId; undefined when no route matched. */
  route: string | undefined;
  url: string;
  statusCode: number;
} & QueryRecord;

export type RouteSummary = { method: string; url: string };

const routeLists = new WeakMap<object, RouteSummary[]>();

/** Every route the app registered (HEAD routes Fastify adds for GET ones left out). */
export function registeredRoutes(app: App): RouteSummary[] {
  return routeLists.get(app) ?? [];
}

function recordRequestQueries(app: FastifyInstance, onRequestQueries: (entry: RequestQueries) => void) {
  const records = new WeakMap<FastifyRequest, QueryRecord>();
  // Entered before any other hook (the session lookup included) and again after the body is
  // parsed, because body parsing runs in the socket's async context, not the request's.
  app.addHook('onRequest', (request, _reply, done) => {
    const record = newQueryRecord();
    records.set(request, record);
    recordQueries(record, done);
  });
  app.addHook('preValidation', (request, _reply, done) => recordQueries(records.get(request) ?? newQueryRecord(), done));
  app.addHook('onSend', async (request, reply, payload) => {
    const record = records.get(request) ?? newQueryRecord();
    onRequestQueries({
      requestId: String(request.id),
      method: request.method,
      route: request.routeOptions.url,
      url: request.url,
      statusCode: reply.statusCode,
      ...record,
    });
    return payload;
  });
}

export function loggerOptions(level: string) {
  return {
    level,
    // Defence in depth: the default serializers log no headers or bodies, and these paths
    // stay hidden should anyone log them.
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        'headers.cookie',
        '*.password',
        '*.passwordHash',
        'password',
        'passwordHash',
        'token',
      ],
      censor: '[redacted]',
    },
    // The URL of a request line without the tokens of invite and reset links.
    serializers: { req: serializeRequestForLog },
  };
}

/**
 * A request's one log line (issue 15 §2: logging is a measurable part of a request's CPU): what
 * came in (method, URL, addresses), what went out and how long it took, written when it
 * completes. Fastify's default writes an "incoming request" line too.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * How long an idle keep-alive connection stays open: Fastify's default, longer than the 60 s a
 * load balancer usually keeps its side of a connection, so the balancer closes first (it never
 * sends on a connection the app has just closed).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** The whole server as a value: tests build it and send it real HTTP requests. */
export async function buildApp({ config, database, logger, files, onRequestQueries, verifyResponses, throttlePeers, emailSender, notifier: notifierSettings, reminders: reminderSettings, notificationMailer, imports: importSettings, webhookSender: webhookSettings }: BuildAppOptions) {
  const isRequestId = (value: string) => REQUEST_ID_PATTERN.test(value);
  // Off while queries are recorded: every request then goes through the hooks that count them.
  const healthFastPath = onRequestQueries ? undefined : createHealthFastPath(isRequestId);
  const headers = securityHeaders({ isHttps: config.cookieSecure });
  const app = Fastify({
    ...(healthFastPath
      ? {
          serverFactory: (handler: http.RequestListener) => {
            const server = http.createServer((request, response) => {
              if (!healthFastPath.serve(request, response)) handler(request, response);
            });
            // Fastify sets this on a server it makes, but not on one from a factory: without it
            // Node's 5 s applied, and a client sending on a connection idle for 5 s could meet
            // the server closing it (ECONNRESET).
            server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
            return server;
          },
        }
      : {}),
    // Written asynchronously (a line waits for the previous write, never blocks the request):
    // issue 15 §2. Flushed on exit by pino.
    logger: logger ?? { ...loggerOptions(config.logLevel), stream: pino.destination({ dest: 1, sync: false }) },
    // One line per request, when it completes, instead of Fastify's two.
    logController: new OneLinePerRequest(),
    // Fastify takes a hop count too, though its types do not say so.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: BODY_LIMIT_BYTES,
    // A request id from the load balancer is kept when it looks like one; otherwise ours.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && isRequestId(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    return503OnClosing: true,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    // What Fastify and Node refuse before any hook runs still answers in the envelope.
    frameworkErrors: frameworkErrorHandler(headers),
    clientErrorHandler: clientErrorHandler(headers),
  }).withTypeProvider<ZodTypeProvider>();

  const routes: RouteSummary[] = [];
  routeLists.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  if (onRequestQueries) recordRequestQueries(app, onRequestQueries);

  // First: every answer, whichever hook refuses the request, carries its id and the headers.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerSecurityHeaders(app, headers);
  registerErrorHandler(app);
  registerHostCheck(app, config);

  // The API speaks JSON only: any other body is a 415, not a string that fails validation.
  app.removeContentTypeParser('text/plain');
  registerJsonParser(app);
  app.addHook('onRequest', async (request) => {
    if (/%00/.test(request.url)) throw nulCharacterError();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler({ verify: verifyResponses }));
  app.decorateRequest('user', null);
  app.decorateRequest('apiToken', null);

  // Before any route: the plugin attaches itself to each route as it is added.
  await registerCompression(app);
  // Per token (decision 038): taken when a request's token is resolved (http/session.ts).
  const apiTokenThrottle = new RequestThrottle({
    perIp: config.apiTokenRateLimit.perToken,
    windowMs: config.apiTokenRateLimit.windowMs,
    tracksSpent: throttlePeers !== undefined,
  });
  registerRequestThrottle(app, config.apiRateLimit, throttlePeers, apiTokenThrottle);
  registerOriginCheck(app, config, new Set([`POST ${UNSUBSCRIBE_PATH}`]), hasBearerCredential);
  await registerApiDocs(app, config);

  if (healthFastPath) {
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url === HEALTH_PATH && request.method === 'GET' && reply.statusCode === 200) healthFastPath.remember(reply.getHeaders());
      return payload;
    });
    app.addHook('preClose', async () => healthFastPath.close());
  }

  // Live events: this instance's listener and its open streams, ended first on shutdown.
  const events = new EventHub(database.db, database, app.log, config.eventStreams);
  await events.start();
  app.addHook('preClose', async () => events.close());
  // The background workers poll on a connection of their own (client.ts, `background`), so that
  // the request pool's connections close when requests stop (issue 15's idle memory).
  const backgroundDb = database.background ?? database.db;
  // Every instance sends the outbox's email (each message once, whoever claims it); it stops
  // when the app closes, before the database does.
  const outbox = config.email ? new EmailSender(backgroundDb, config.email, app.log, emailSender) : undefined;
  if (outbox) app.addHook('onClose', async () => outbox.stop());
  // Every instance runs the notifier (each event notifies once, whoever claims the cursor).
  const notifier = new Notifier(backgroundDb, app.log, notifierSettings);
  const stopHearing = events.onEvent((event) => notifier.onEvent(event));
  app.addHook('onClose', async () => {
    stopHearing();
    await notifier.stop();
  });
  // Every instance runs the reminder scheduler (each reminder made once, whoever claims the round).
  const reminders = new ReminderScheduler(backgroundDb, app.log, { intervalMs: config.reminderIntervalMs, ...reminderSettings });
  app.addHook('onClose', async () => reminders.stop());
  // Every instance mails the notifications people asked email for (each once, whoever claims it).
  const mailer = outbox ? new NotificationMailer(backgroundDb, config, outbox, app.log, notificationMailer) : undefined;
  if (mailer) app.addHook('onClose', async () => mailer.stop());
  const ctx: ServiceContext = {
    db: database.db,
    config,
    files: files ?? createDiskFileStore(config.uploads.dir),
    events,
    outbox,
    databaseKind: database.kind,
    apiTokenThrottle,
  };
  // Every instance runs import jobs (each claimed by one runner at a time, resumed after a crash).
  const importRunner = new ImportRunner(ctx, app.log, importSettings, backgroundDb);
  app.addHook('onClose', async () => importRunner.stop());
  // Every instance sends webhook deliveries (each attempt once, whoever claims it), woken by
  // the events it hears: their deliveries were recorded with them (decision 039).
  const { enabled: isWebhookSenderOn = true, ...webhookSenderSettings } = webhookSettings ?? {};
  const webhookSender = isWebhookSenderOn ? new WebhookSender({ ...ctx, db: backgroundDb }, policyOf(config), app.log, webhookSenderSettings) : undefined;
  if (webhookSender) {
    ctx.webhooks = webhookSender;
    const stopHearingForWebhooks = events.onEvent((event) => webhookSender.onEvent(event));
    app.addHook('onClose', async () => {
      stopHearingForWebhooks();
      await webhookSender.stop();
    });
  }
  await app.register(
    async (api) => {
      await api.register(healthRoutes(ctx));
      await api.register(authRoutes(ctx));
      await api.register(passwordResetRoutes(ctx));
      await api.register(usersRoutes(ctx));
      await api.register(accountRoutes(ctx));
      await api.register(apiTokensRoutes(ctx));
      await api.register(twoFactorRoutes(ctx));
      await api.register(categoriesRoutes(ctx));
      await api.register(todosRoutes(ctx));
      await api.register(workspacesRoutes(ctx));
      await api.register(projectsRoutes(ctx));
      await api.register(projectExportRoutes(ctx));
      await api.register(featuresRoutes(ctx));
      await api.register(tasksRoutes(ctx));
      await api.register(commentsRoutes(ctx));
      await api.register(relationsRoutes(ctx));
      await api.register(notificationsRoutes(ctx));
      await api.register(searchRoutes(ctx));
      await api.register(calendarRoutes(ctx));
      await api.register(notificationSettingsRoutes(ctx));
      await api.register(unsubscribeRoutes(ctx));
      await api.register(attachmentsRoutes(ctx));
      await api.register(eventsRoutes(ctx, events));
      await api.register(adminRoutes(ctx));
      await api.register(calendarFeedRoutes(ctx));
      await api.register(calendarFeedFileRoutes(ctx));
      await api.register(todayRoutes(ctx));
      await api.register(importsRoutes(ctx, importRunner));
      await api.register(webhooksRoutes(ctx));
    },
    { prefix: '/api/v1' },
  );

  await registerWebApp(app, config.webDist, { cookieSecure: config.cookieSecure });
  outbox?.start();
  await notifier.start();
  await reminders.start();
  mailer?.start();
  importRunner.start();
  webhookSender?.start();
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
