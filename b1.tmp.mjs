import { rollup } from 'rollup';
const { default: configs } = await import(process.cwd() + '/rollup.config.mjs');
const which = process.argv.slice(2).map(Number);
for (const i of which) {
  const c = configs[i];
  const bundle = await rollup({ ...c, onwarn: (w) => console.error('WARN', w.message) });
  for (const o of [c.output].flat()) await bundle.write(o);
  await bundle.close();
}
