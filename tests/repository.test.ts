// What a newcomer opens first: the code's licence (MIT: LICENSE, package.json and the README say
// the same), and a README whose every reference is to something they can open. The specs the
// service was built from are not in the repository, so the README cites none of their sections.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
const readme = read('README.md');

describe('licence', () => {
  it('LICENSE is the MIT licence of the contributors, as package.json says', () => {
    const licence = read('LICENSE');
    expect(licence.split('\n')[0]).toBe('MIT License');
    expect(licence).toContain('Copyright (c) 2026 Nordic open-data tool host contributors');
    expect(licence).toContain('THE SOFTWARE IS PROVIDED "AS IS"');
    expect(JSON.parse(read('package.json')).license).toBe('MIT');
  });

  it('the README has a Licence section naming it and the sources’ own licences', () => {
    const section = /^## Licence\n([\s\S]*?)(?=^## |$(?![\s\S]))/m.exec(readme)?.[1] ?? '';
    expect(section).toMatch(/MIT/);
    expect(section).toContain('(LICENSE)');
    expect(section).toMatch(/each source's own licence/);
  });
});

describe('README references', () => {
  // "REST spec section 8", "spec 2.1", "section 4.2", "the tool-server spec", "as the spec says".
  const SPEC_CITATIONS = [/\bspec(?:ification)?\s+(?:section\s+)?\d/i, /\bsection\s+\d/i, /\b(?:REST|tool[- ]server)\s+spec/i, /\bthe spec\b/i, /§\s*\d/];

  it.each(SPEC_CITATIONS)('no line matches %s', (pattern) => {
    const lines = readme.split('\n').filter((line) => pattern.test(line));
    expect(lines).toEqual([]);
  });

  it('every file it links to exists', () => {
    for (const [, target] of readme.matchAll(/\]\((?!https?:|#)([^)]+)\)/g)) expect(() => read(target), target).not.toThrow();
  });
});
