import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
  // `npm run dev -w web` serves the app with hot reload and hands /api to the server started by `npm run dev`.
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/initial-js-size.ts reads it to sum what the first page load fetches.
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
})
