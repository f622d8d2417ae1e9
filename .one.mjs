// Build the full umd and the reputation script; print gzip sizes.
import { rollup } from 'rollup';
import { gzipSync } from 'node:zlib';
process.chdir(process.argv[2] || '/work/main');
const configs = (await import(process.cwd() + '/rollup.config.mjs?' + Date.now())).default;
const pick = configs.filter((c) => typeof c.output?.file == 'string' && /repkit\.(umd|reputation\.umd|badge\.umd)\.js$/.test(c.output.file));
for (const c of pick) {
  const b = await rollup({ ...c, onwarn() {} });
  const { output } = await b.generate({ ...c.output, sourcemap: false });
  console.log(c.output.file, gzipSync(output[0].code, { level: 9 }).length);
}
