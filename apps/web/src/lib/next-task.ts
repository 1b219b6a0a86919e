/**
 * Resolves in a task of its own, after the browser has had the chance to paint and to handle
 * input: a long piece of work split by `await nextTask()` is several short tasks instead of one
 * long one (Lighthouse's total blocking time counts each task's excess over 50 ms).
 *
 * A message to itself rather than `setTimeout(…, 0)`: a tab in the background runs timers at most
 * once a second, and nested timers are clamped to 4 ms; messages are neither. React's scheduler
 * yields the same way.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
