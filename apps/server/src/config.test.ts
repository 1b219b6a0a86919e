import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.databasePreparedStatements).toBe(true);
    expect(config.databasePoolSize).toBe(10);
    expect(config.webConcurrency).toBe(1);
    expect(config.cookieSecure).toBe(false);
    expect(config.trustProxy).toBe(false);
    expect(config.logLevel).toBe('info');
    expect(config.sessionTtlMs).toBe(30 * 24 * 60 * 60 * 1000);
    expect(config.loginFailures).toEqual({ max: 10, maxPerIp: 20, windowMs: 15 * 60 * 1000 });
    expect(config.uploads).toEqual({ dir: path.resolve('./data/uploads'), maxFileBytes: 25 * 1024 * 1024, maxFiles: 10 });
  });

  it('keeps uploads under DATA_DIR unless UPLOAD_DIR says otherwise, also with DATABASE_URL', () => {
    expect(loadConfig({ DATA_DIR: '/srv/tasklane' }).uploads.dir).toBe('/srv/tasklane/uploads');
    expect(loadConfig({ DATA_DIR: '/srv/tasklane', DATABASE_URL: 'postgres://u@db/t' }).uploads.dir).toBe('/srv/tasklane/uploads');
    expect(loadConfig({ UPLOAD_DIR: '/mnt/shared/uploads', DATABASE_URL: 'postgres://u@db/t' }).uploads.dir).toBe('/mnt/shared/uploads');
    expect(loadConfig({ UPLOAD_MAX_FILE_MB: '5', UPLOAD_MAX_FILES: '3' }).uploads).toMatchObject({ maxFileBytes: 5 * 1024 * 1024, maxFiles: 3 });
  });

  it('caps open event streams per client address and per instance', () => {
    expect(loadConfig({}).eventStreams).toEqual({ perAddress: 100, max: 5000 });
    expect(loadConfig({ EVENT_STREAMS_PER_ADDRESS: '400', EVENT_STREAMS_MAX: '20000' }).eventStreams).toEqual({ perAddress: 400, max: 20_000 });
    expect(() => loadConfig({ EVENT_STREAMS_PER_ADDRESS: '0' })).toThrow(/EVENT_STREAMS_PER_ADDRESS/);
    expect(() => loadConfig({ EVENT_STREAMS_MAX: 'many' })).toThrow(/EVENT_STREAMS_MAX/);
  });

  it('keeps webhooks off private addresses unless WEBHOOK_ALLOW_PRIVATE says otherwise', () => {
    expect(loadConfig({}).webhooks).toEqual({ allowPrivate: false });
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' }).webhooks).toEqual({ allowPrivate: true });
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'false' }).webhooks).toEqual({ allowPrivate: false });
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'maybe' })).toThrow(/WEBHOOK_ALLOW_PRIVATE/);
  });

  it('reads how often due-date reminders are looked for, a minute unless told', () => {
    expect(loadConfig({}).reminderIntervalMs).toBe(60_000);
    expect(loadConfig({ REMINDER_INTERVAL_SECONDS: '300' }).reminderIntervalMs).toBe(300_000);
    for (const value of ['0', '-5', '1.5', 'often', String(24 * 60 * 60 + 1)]) {
      expect(() => loadConfig({ REMINDER_INTERVAL_SECONDS: value }), value).toThrow(/REMINDER_INTERVAL_SECONDS/);
    }
  });

  it('turns prepared statements off for a pooler that cannot keep them', () => {
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }).databasePreparedStatements).toBe(false);
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'sometimes' })).toThrow(ConfigError);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u:p@db:5432/tasklane',
      COOKIE_SECURE: 'true',
      TRUST_PROXY: '2',
      LOG_LEVEL: 'warn',
      ALLOWED_ORIGINS: 'http://a.example, http://b.example/',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u:p@db:5432/tasklane',
      cookieSecure: true,
      trustProxy: 2,
      logLevel: 'warn',
      allowedOrigins: ['http://a.example', 'http://b.example'],
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
    expect(loadConfig({ LOGIN_MAX_FAILURES: '5', LOGIN_MAX_FAILURES_PER_IP: '50', LOGIN_FAILURE_WINDOW_SECONDS: '60' }).loginFailures).toEqual({
      max: 5,
      maxPerIp: 50,
      windowMs: 60_000,
    });
  });

  it('takes PUBLIC_URL as an origin, and refuses anything else', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: '' }).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://Tasks.Example.com/' }).publicUrl).toBe('https://tasks.example.com');
    expect(loadConfig({ PUBLIC_URL: 'http://tasks.example.com:8080' }).publicUrl).toBe('http://tasks.example.com:8080');
    for (const value of ['tasks.example.com', 'ftp://tasks.example.com', 'https://tasks.example.com/app', 'https://a.example?x=1', 'https://u:p@a.example']) {
      expect(() => loadConfig({ PUBLIC_URL: value }), value).toThrow(/PUBLIC_URL/);
    }
  });

  it('refuses invalid values with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ COOKIE_SECURE: 'maybe' })).toThrow(/COOKIE_SECURE/);
    expect(() => loadConfig({ UPLOAD_MAX_FILE_MB: '0' })).toThrow(/UPLOAD_MAX_FILE_MB/);
    expect(() => loadConfig({ UPLOAD_MAX_FILES: 'ten' })).toThrow(/UPLOAD_MAX_FILES/);
  });

  it('runs WEB_CONCURRENCY server processes: a whole number from 1 to 64, or auto (one per core)', () => {
    expect(loadConfig({ WEB_CONCURRENCY: '2' }).webConcurrency).toBe(2);
    expect(loadConfig({ WEB_CONCURRENCY: '' }).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: 'auto' }).webConcurrency).toBe(Math.min(30, os.availableParallelism()));
    expect(loadConfig({ WEB_CONCURRENCY: '64', DATABASE_URL: 'postgres://u@db/t' }).webConcurrency).toBe(64);
    for (const value of ['0', '-1', '1.5', 'two', '65', '2 processes']) {
      expect(() => loadConfig({ WEB_CONCURRENCY: value, DATABASE_URL: 'postgres://u@db/t' }), value).toThrow(
        'WEB_CONCURRENCY: must be a whole number of server processes from 1 to 64, or auto (one per CPU core)',
      );
    }
  });

  it('keeps the server processes within the embedded database connections', () => {
    // 90 of its 100 connections are the app's; each process also holds one that LISTENs and the background workers' one.
    expect(loadConfig({ WEB_CONCURRENCY: '7' }).databasePoolSize).toBe(10);
    expect(loadConfig({ WEB_CONCURRENCY: '8' }).databasePoolSize).toBe(9);
    expect(loadConfig({ WEB_CONCURRENCY: '16' }).databasePoolSize).toBe(3);
    expect(loadConfig({ WEB_CONCURRENCY: '30' }).databasePoolSize).toBe(1);
    expect(() => loadConfig({ WEB_CONCURRENCY: '31' })).toThrow(/WEB_CONCURRENCY=31 .*at most 30/);
    expect(() => loadConfig({ WEB_CONCURRENCY: '4', DATABASE_POOL_SIZE: '30' })).toThrow(/DATABASE_POOL_SIZE=30 .*set DATABASE_POOL_SIZE to 20 or less/);
    expect(loadConfig({ WEB_CONCURRENCY: '4', DATABASE_POOL_SIZE: '20' }).databasePoolSize).toBe(20);
    // An external server's limit is its own.
    expect(loadConfig({ WEB_CONCURRENCY: '16', DATABASE_URL: 'postgres://u@db/t' }).databasePoolSize).toBe(10);
  });

  it('reads email settings: none without SMTP_URL, a From address from MAIL_FROM or the app host', () => {
    expect(loadConfig({}).email).toBeUndefined();
    expect(loadConfig({ SMTP_URL: '' }).email).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtp://mailer:pw@mail.example.com:587' }).email).toEqual({
      smtpUrl: 'smtp://mailer:pw@mail.example.com:587',
      from: 'Tasklane <tasklane@mail.example.com>',
    });
    expect(loadConfig({ SMTP_URL: 'smtps://mail.example.com', PUBLIC_URL: 'https://tasks.example.com' }).email?.from).toBe(
      'Tasklane <tasklane@tasks.example.com>',
    );
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'Team Tasks <tasks@example.com>' }).email?.from).toBe('Team Tasks <tasks@example.com>');
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'tasks@example.com' }).email?.from).toBe('tasks@example.com');
  });

  it('refuses a malformed SMTP_URL or MAIL_FROM with a clear message that never repeats the password', () => {
    for (const value of ['http://user:hunter2-secret@mail.example.com', 'mail.example.com:587', 'smtp://', 'smtp://user:hunter2-secret@']) {
      let message = '';
      try {
        loadConfig({ SMTP_URL: value });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        message = (error as Error).message;
      }
      expect(message, value).toMatch(/SMTP_URL: must be an SMTP server URL such as smtp:\/\//);
      expect(message).not.toContain('hunter2');
    }
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM: must be an address/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'Tasks <a@b.c>\r\nBcc: x@y.z' })).toThrow(/MAIL_FROM/);
  });
});
