import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
// @ts-expect-error plain JavaScript ESLint plugin without types
import boundaries from './boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser as never } });
const root = path.resolve(import.meta.dirname, '../..');
const file = (relative: string) => path.join(root, relative);

/** A case of `code` in the file at `relative` (from the repository root). */
const at = (relative: string, code: string) => ({ filename: file(relative), code });
const refused = (relative: string, code: string) => ({ ...at(relative, code), errors: [{ messageId: 'forbidden' }] });

// One passing and at least one failing case for each part of the rule, in the order of boundaries.js.
tester.run('dependency-direction', boundaries.rules['dependency-direction'], {
  valid: [
    // A feature imports itself, lib and the contract; the app layer composes features.
    at('apps/web/src/features/auth/pages/login.tsx', "import { x } from '../api/login';"),
    at('apps/web/src/features/auth/pages/login.tsx', "import { x } from '../../../lib/api-client';"),
    at('apps/web/src/features/auth/pages/login.tsx', "import { x } from '@/components/domain/user-chip';"),
    at('apps/web/src/features/auth/pages/login.tsx', "import { x } from '@tasklane/contract';"),
    at('apps/web/src/app/router.tsx', "import { x } from '../features/auth/pages/login';"),
    // The server imports the contract.
    at('apps/server/src/app.ts', "import { x } from '@tasklane/contract';"),
    // e2e imports its own helpers and the contract.
    at('e2e/board.spec.ts', "import { x } from './fixtures';"),
    // The contract imports zod and itself; its tests may import test tools.
    at('packages/contract/src/tasks.ts', "import { z } from 'zod';"),
    at('packages/contract/src/tasks.ts', "import { z } from 'zod/v4';"),
    at('packages/contract/src/tasks.ts', "import { idSchema } from './common.js';"),
    at('packages/contract/src/rules/tags.ts', "export { x } from '../common.js';"),
    at('packages/contract/src/tasks.test.ts', "import { describe } from 'vitest';"),
    at('packages/contract/src/rules/tags.test.ts', "import fc from 'fast-check';"),
    // components/ui imports ui, lib and packages; components/domain may import ui.
    at('apps/web/src/components/ui/button.tsx', "import { cn } from '@/lib/cn';"),
    at('apps/web/src/components/ui/dialog.tsx', "import { Button } from './button';"),
    at('apps/web/src/components/ui/dialog.tsx', "import * as Dialog from '@radix-ui/react-dialog';"),
    at('apps/web/src/components/domain/user-chip.tsx', "import { Avatar } from '../ui/avatar';"),
    // Routes call services; services call repositories; tests may use a repository to seed.
    at('apps/server/src/modules/tasks/tasks.routes.ts', "import { createTask } from './tasks.service.js';"),
    at('apps/server/src/modules/tasks/tasks.service.ts', "import { insertTask } from './tasks.write.repo.js';"),
    at('apps/server/src/modules/tasks/tasks.routes.test.ts', "import { insertUser } from '../users/users.repo.js';"),
    at('apps/server/test/factories.ts', "import { insertUser } from '../src/modules/users/users.repo.js';"),
  ],
  invalid: [
    // A feature never imports another feature, nor the app layer.
    refused('apps/web/src/features/todos/pages/todos.tsx', "import { x } from '../../auth/api/me';"),
    refused('apps/web/src/features/todos/pages/todos.tsx', "import { x } from '@/features/auth/api/me';"),
    refused('apps/web/src/features/todos/pages/todos.tsx', "import { x } from '../../../app/router';"),
    // lib, config and components never import features or the app layer.
    refused('apps/web/src/lib/api-client.ts', "import { x } from '../features/auth/api/me';"),
    refused('apps/web/src/config/paths.ts', "import { x } from '@/app/router';"),
    refused('apps/web/src/components/domain/user-chip.tsx', "import { x } from '@/features/auth/api/me';"),
    refused('apps/web/src/components/ui/button.tsx', "import { x } from '../../app/router';"),
    // components/ui imports nothing from components/domain or features.
    refused('apps/web/src/components/ui/avatar.tsx', "import { x } from '../domain/user-chip';"),
    refused('apps/web/src/components/ui/avatar.tsx', "import { x } from '@/components/domain/user-chip';"),
    refused('apps/web/src/components/ui/avatar.tsx', "import { x } from '@/features/auth/api/me';"),
    refused('apps/web/src/components/ui/avatar.tsx', "export { x } from '../../features/auth/api/me';"),
    // The web app never imports the server, nor the server the web app.
    refused('apps/web/src/app/router.tsx', "import { x } from '../../../server/src/app';"),
    refused('apps/web/src/app/router.tsx', "const m = import('@tasklane/server');"),
    refused('apps/server/src/app.ts', "import { x } from '../../web/src/lib/api-client';"),
    refused('apps/server/src/app.ts', "import { x } from '@tasklane/web';"),
    // e2e drives the app from outside.
    refused('e2e/board.spec.ts', "import { x } from '../apps/server/src/app';"),
    refused('e2e/board.spec.ts', "import { x } from '../apps/web/src/lib/api-client';"),
    // The contract imports only zod and itself.
    refused('packages/contract/src/users.ts', "import { x } from '../../../apps/server/src/app';"),
    refused('packages/contract/src/users.ts', "import { x } from '@tasklane/server';"),
    refused('packages/contract/src/users.ts', "import { x } from '../../../tools/eslint/boundaries.js';"),
    refused('packages/contract/src/users.ts', "import { x } from '../../../package.json';"),
    refused('packages/contract/src/users.ts', "import { format } from 'date-fns';"),
    refused('packages/contract/src/users.ts', "import { createHash } from 'node:crypto';"),
    refused('packages/contract/src/users.ts', "import { z } from '@zod/mini';"),
    refused('packages/contract/src/users.ts', "export * from 'drizzle-orm';"),
    refused('packages/contract/src/users.ts', "import type { FastifyInstance } from 'fastify';"),
    refused('packages/contract/src/users.test.ts', "import { x } from '../../../apps/web/src/lib/api-client';"),
    // A routes file never imports a repository (type-only imports included).
    refused('apps/server/src/modules/tasks/tasks.routes.ts', "import { listTasks } from './tasks.list.repo.js';"),
    refused('apps/server/src/modules/tasks/tasks.routes.ts', "import { findUser } from '../users/users.repo.js';"),
    refused('apps/server/src/modules/auth/auth.routes.ts', "import type { SessionRow } from './sessions.repo.js';"),
    refused('apps/server/src/modules/tasks/tasks.routes.ts', "const repo = import('./tasks.repo.js');"),
  ],
});
