/**
 * Waits for a task of its own: what comes after runs once the browser has had the chance to paint and to answer
 * input. A long piece of start-up work split at these points is several short tasks instead of one the phone
 * cannot answer in (docs/performance.md, "Blocking time").
 *
 * @example await nextTask() // the store's zone was read; the calls start in a task of their own
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))
