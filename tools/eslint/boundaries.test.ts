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

tester.run('dependency-direction', boundaries.rules['dependency-direction'], {
  valid: [
    { filename: file('apps/web/src/features/auth/pages/login.tsx'), code: "import { x } from '../api/login';" },
    { filename: file('apps/web/src/features/auth/pages/login.tsx'), code: "import { x } from '../../../lib/api-client';" },
    { filename: file('apps/web/src/features/auth/pages/login.tsx'), code: "import { x } from '@tasklane/contract';" },
    { filename: file('apps/web/src/app/router.tsx'), code: "import { x } from '../features/auth/pages/login';" },
    { filename: file('apps/server/src/app.ts'), code: "import { x } from '@tasklane/contract';" },
  ],
  invalid: [
    {
      filename: file('apps/web/src/features/todos/pages/todos.tsx'),
      code: "import { x } from '../../auth/api/me';",
      errors: [{ messageId: 'forbidden' }],
    },
    {
      filename: file('apps/web/src/lib/api-client.ts'),
      code: "import { x } from '../features/auth/api/me';",
      errors: [{ messageId: 'forbidden' }],
    },
    {
      filename: file('apps/web/src/components/ui/button.tsx'),
      code: "import { x } from '../../app/router';",
      errors: [{ messageId: 'forbidden' }],
    },
    {
      filename: file('apps/web/src/app/router.tsx'),
      code: "import { x } from '../../../server/src/app';",
      errors: [{ messageId: 'forbidden' }],
    },
    {
      filename: file('apps/web/src/app/router.tsx'),
      code: "const m = import('@tasklane/server');",
      errors: [{ messageId: 'forbidden' }],
    },
    {
      filename: file('packages/contract/src/users.ts'),
      code: "import { x } from '../../../apps/server/src/app';",
      errors: [{ messageId: 'forbidden' }],
    },
  ],
});
