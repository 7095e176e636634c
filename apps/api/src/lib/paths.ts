import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, so relative settings mean the same whichever folder the process starts in. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const defaultWebDist = path.join(repoRoot, 'apps/web/dist');
