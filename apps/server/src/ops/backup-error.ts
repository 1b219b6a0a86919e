/** A backup or restore refused or failed for a reason its user can act on: the command line prints only the message. */
export class BackupError extends Error {}
