import { availableParallelism } from 'node:os'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // The longest tests type a whole order or a product's variants key by key: 6 to 10 s on a quiet two-core
    // machine, past 15 s when it is busy. A timeout is for a test that hangs, not for one that is slow.
    testTimeout: 30_000,
    // A test file at a time per core: Vitest's default leaves one core of two idle.
    maxWorkers: Math.max(2, availableParallelism()),
    // The files of a worker share the modules it has loaded (React, Mantine, the screens), which it then loads
    // once instead of once a file. Each test renders into a fresh document with its own query client, and the
    // setup file clears what a test leaves behind (the rendered tree, localStorage).
    isolate: false,
  },
})
