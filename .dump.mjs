import { rollup } from 'rollup';
import { writeFileSync } from 'node:fs';
process.chdir(process.argv[2]);
const configs = (await import(process.cwd() + '/rollup.config.mjs?' + Date.now())).default;
const c = configs.find((c) => c.output?.file == 'dist/repkit.umd.js');
const b = await rollup({ ...c, onwarn() {} });
const { output } = await b.generate({ ...c.output, sourcemap: false });
writeFileSync(process.argv[3], output[0].code);
