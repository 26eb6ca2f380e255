// Compile-time only: fails `npm run typecheck` when public-api.d.ts and the implementation drift apart.
import type * as Declared from './public-api.d.ts';
import * as Implemented from './index.ts';

export const implementationMatchesDeclaration: typeof Declared = Implemented;
