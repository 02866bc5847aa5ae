import { spawn } from 'node:child_process'
import { ROOT_DIR } from '../paths.ts'

/** Runs the web app's production build (`npm run build -w web`), streaming its output. */
export function buildWebApp(): Promise<void> {
  console.log('The web app is not built yet: building it once (npm run build -w web)…')
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT_DIR, stdio: 'inherit' })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the web app's build failed with exit code ${code}`)),
    )
  })
}
