import { join } from 'node:path';

/**
 * Builds the bare React page (`bareReactPage.html`) into `outDir` as the app's renderer is
 * built: Vite, production mode, minified. Returns the folder to serve.
 */
export async function buildBareReactPage(outDir: string): Promise<string> {
  // Vite is a dev dependency, loaded from node_modules at run time (the bench never ships).
  const { build } = await import('vite');
  const root = join(process.cwd(), 'scripts', 'bench', 'pageLoad');
  await build({
    configFile: false,
    root,
    base: './',
    logLevel: 'silent',
    mode: 'production',
    build: {
      outDir,
      emptyOutDir: true,
      minify: true,
      rollupOptions: { input: join(root, 'bareReactPage.html') },
    },
  });
  return outDir;
}
