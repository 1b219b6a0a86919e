import { defineAuthorizationAudit } from '../../test/authorization-audit.js';

// The authorization audit (issue 7), shard 2 of 4: the rows are in test/authorization-audit.ts.
defineAuthorizationAudit(1, 4);
