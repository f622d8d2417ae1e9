import { rollup } from 'rollup';
process.chdir(process.argv[2]);
const configs = (await import(process.cwd() + '/rollup.config.mjs?' + Date.now())).default;
const c = configs.find((c) => c.output?.file == process.argv[3]);
const b = await rollup({ ...c, plugins: c.plugins.filter((p) => p.name != 'terser'), onwarn() {} });
const { output } = await b.generate({ ...c.output, sourcemap: false });
const mods = Object.entries(output[0].modules).map(([id, m]) => [m.renderedLength, id.replace(process.cwd() + '/', '')]).sort((a, b) => b[0] - a[0]);
for (const [n, id] of mods.slice(0, 45)) console.log(n, id);
