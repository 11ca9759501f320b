import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The project's root (package.json's folder), from this module's place: src/server/paths.ts
 * under tsx, or dist/server/main.js once `npm run build` has bundled the server (both two
 * levels down). Every file the server reads at run time is found from here.
 */
export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
