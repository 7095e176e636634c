import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every relative link in the README and the docs points at a file that exists and, when it names a section,
// at a heading of that file (GitHub's anchors: lower case, punctuation dropped, spaces to hyphens).

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function markdownFiles(): string[] {
  const docs = join(repoRoot, 'docs');
  const inDocs = existsSync(docs)
    ? readdirSync(docs).filter((name) => name.endsWith('.md')).map((name) => join(docs, name))
    : [];
  return [join(repoRoot, 'README.md'), join(repoRoot, 'e2e/README.md'), ...inDocs].filter((file) => existsSync(file));
}

function withoutCode(text: string): string {
  return text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
}

export function githubAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutCode(readFileSync(file, 'utf8')).split('\n')) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const base = githubAnchor(heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'));
    const count = seen.get(base) ?? 0;
    anchors.add(count === 0 ? base : `${base}-${count}`);
    seen.set(base, count + 1);
  }
  return anchors;
}

interface Link {
  from: string;
  target: string;
}

function linksOf(file: string): Link[] {
  const links: Link[] = [];
  for (const match of withoutCode(readFileSync(file, 'utf8')).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = match[1];
    if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, mailto: … are outside the repository
    links.push({ from: file, target });
  }
  return links;
}

describe('README and docs links', () => {
  const files = markdownFiles();

  it('reads the README and at least one docs page', () => {
    expect(files.some((file) => file.endsWith('README.md'))).toBe(true);
    expect(files.filter((file) => file.includes('/docs/')).length).toBeGreaterThan(0);
    expect(files.flatMap(linksOf).length).toBeGreaterThan(10);
  });

  it('every relative link resolves to a file and, with a #section, to one of its headings', () => {
    const broken: string[] = [];
    for (const link of files.flatMap(linksOf)) {
      const [path = '', anchor] = link.target.split('#');
      const file = path === '' ? link.from : resolve(dirname(link.from), decodeURIComponent(path));
      const where = `${relative(repoRoot, link.from)} → ${link.target}`;
      if (!existsSync(file)) {
        broken.push(`${where}: no such file`);
        continue;
      }
      if (anchor && statSync(file).isFile() && file.endsWith('.md') && !anchorsOf(file).has(anchor)) {
        broken.push(`${where}: no heading with that anchor`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('makes anchors as GitHub does', () => {
    expect(githubAnchor('The embedded database: one process at a time')).toBe('the-embedded-database-one-process-at-a-time');
    expect(githubAnchor('Users from the command line')).toBe('users-from-the-command-line');
    expect(githubAnchor('Días hábiles y feriados')).toBe('días-hábiles-y-feriados');
  });
});
