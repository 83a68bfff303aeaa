import { createTestApp } from '/work/main/tests/helpers/app.js';
const t = createTestApp();
let n = 0;
const types = new Map<string, number>();
for (const s of t.services.registry.servers) {
  for (const tool of s.tools) {
    n++;
    const props = (tool.jsonSchema as any).properties ?? {};
    for (const [k, v] of Object.entries<any>(props)) {
      const key = JSON.stringify(Object.keys(v).sort());
      types.set(key, (types.get(key) ?? 0) + 1);
    }
  }
  console.log(s.slug, s.sourceKey, s.tools.length, s.tools.map(t=>`${t.name} ${t.def.route} ${t.status}`).join(' | '));
}
console.log(n);
console.log([...types.entries()]);
const tool = t.services.registry.servers[0].tools[0];
console.log(JSON.stringify(tool.jsonSchema));
