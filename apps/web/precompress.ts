// Vite plugin: after the build, writes a brotli (.br) and a gzip (.gz) copy beside every text asset, which the
// server's static handler sends to browsers that accept them (apps/server/src/plugins/web-app.ts). Compressing
// once at build, at the highest levels, costs nothing per request (docs/operator-screen.md "Light first load").
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Smaller files gain too little to be worth a second file. */
const minBytes = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'bpm-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const path of filesUnder(outDir)) {
        if (!compressible.test(path)) continue;
        const source = readFileSync(path);
        if (source.length < minBytes) continue;
        const brotli = brotliCompressSync(source, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
        });
        const gzip = gzipSync(source, { level: 9 });
        if (brotli.length < source.length) writeFileSync(`${path}.br`, brotli);
        if (gzip.length < source.length) writeFileSync(`${path}.gz`, gzip);
      }
    },
  };
}
