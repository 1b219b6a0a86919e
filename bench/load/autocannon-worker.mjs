// Runs one autocannon measurement in its own process, so the load generator's work is not
// counted against the server's. Reads a JSON job from argv[2]; prints the result as JSON.
import autocannon from 'autocannon';

const job = JSON.parse(process.argv[2]);
const statuses = ['IN_PROGRESS', 'IN_REVIEW', 'COMPLETED', 'REOPEN', 'TODO', 'DEV_COMPLETED'];
let sequence = 0;

/** Requests whose bodies change each time: new titles, a rotation of tasks and statuses. */
function dynamicRequest(request) {
  const dynamic = request.dynamic;
  if (!dynamic) return request;
  return {
    method: request.method,
    headers: request.headers,
    setupRequest(req) {
      const n = sequence++;
      if (dynamic.kind === 'paths') {
        return { ...req, path: dynamic.paths[n % dynamic.paths.length] };
      }
      if (dynamic.kind === 'login') {
        return { ...req, path: request.path, body: JSON.stringify({ email: dynamic.emails[n % dynamic.emails.length], password: dynamic.password }) };
      }
      if (dynamic.kind === 'create-task') {
        return { ...req, path: request.path, body: JSON.stringify({ ...dynamic.body, title: `Bench task ${process.pid}-${n}` }) };
      }
      if (dynamic.kind === 'update-status') {
        // Task n mod k gets the next status in its own cycle, so every save changes something.
        const ids = dynamic.taskIds;
        const id = ids[n % ids.length];
        const status = statuses[Math.floor(n / ids.length) % statuses.length];
        return { ...req, path: `/api/v1/tasks/${id}`, body: JSON.stringify({ status }) };
      }
      if (dynamic.kind === 'add-comment') {
        const id = dynamic.taskIds[n % dynamic.taskIds.length];
        return { ...req, path: `/api/v1/tasks/${id}/comments`, body: JSON.stringify({ comment: `Bench comment ${n}` }) };
      }
      throw new Error(`unknown dynamic request ${dynamic.kind}`);
    },
  };
}

const instance = autocannon({
  url: job.url,
  connections: job.connections,
  duration: job.duration,
  timeout: 30,
  requests: job.requests.map(dynamicRequest),
});
instance.on('done', (result) => {
  const statusCounts = {};
  for (const [code, count] of Object.entries(result.statusCodeStats ?? {})) statusCounts[code] = count.count;
  process.stdout.write(
    JSON.stringify({
      requestsPerSecond: result.requests.average,
      requestsTotal: result.requests.total,
      latencyP50: result.latency.p50,
      latencyP99: result.latency.p99,
      latencyAverage: result.latency.average,
      latencyMax: result.latency.max,
      errors: result.errors + result.timeouts + result.non2xx,
      non2xx: result.non2xx,
      socketErrors: result.errors,
      timeouts: result.timeouts,
      statusCodes: statusCounts,
      throughputBytesPerSecond: result.throughput.average,
      duration: result.duration,
    }) + '\n',
  );
});
