// The first import of main.tsx: starts the session's first calls before the rest of the app's code is
// evaluated (early-session.ts).
import { startEarlySession } from './early-session.ts'

startEarlySession()
