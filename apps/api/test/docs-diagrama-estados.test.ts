import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { diagramaEstados } from '@receptoria/contracts';
import { describe, expect, it } from 'vitest';

describe('docs/arquitectura.md', () => {
  it("carries the assignment's state diagram as the transition table draws it", () => {
    const doc = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../../docs/arquitectura.md'), 'utf8');
    const bloque = /```mermaid\n(stateDiagram-v2[\s\S]*?)\n```/.exec(doc)?.[1];
    expect(bloque).toBe(diagramaEstados());
  });
});
