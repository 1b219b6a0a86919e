/** The NOTIFY channel of the events table's trigger (migration 0005). */
export const EVENTS_CHANNEL = 'tasklane_events';
/** At most this many missed events are replayed to a reconnecting client; more means a reset. */
export const REPLAY_LIMIT = 10_000;
/** Events are kept at least this long (housekeeping prunes older ones every hour). */
export const EVENT_RETENTION_MS = 60 * 60 * 1000;
