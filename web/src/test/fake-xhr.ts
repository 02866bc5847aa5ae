import { onTestFinished, vi } from 'vitest'

/** One upload the app started through XMLHttpRequest, held until the test lets it go on. */
export interface HeldUpload {
  method: string
  url: string
  headers: Record<string, string>
  body: unknown
  /** Reports this much of the body as sent, as the browser does while the upload goes. */
  progress: (sent: number, total: number) => void
  /** Hands the request to `fetch` (the test's `fakeFetch`) and delivers its answer to the app. */
  finish: () => Promise<void>
}

/**
 * Replaces XMLHttpRequest, which the app uses only to watch an upload's progress, with a fake whose uploads wait
 * for the test: the test reports progress step by step, then `finish()` answers through `fetch`, so the routes
 * of `fakeFetch` answer it and an unexpected call fails the test as any other would. An upload the test never
 * finished fails the test too.
 *
 * @example const xhr = fakeXhr(); …; xhr.uploads[0]!.progress(50, 100); await xhr.uploads[0]!.finish()
 */
export function fakeXhr() {
  const uploads: HeldUpload[] = []

  class FakeXMLHttpRequest {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null }
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    onabort: (() => void) | null = null
    status = 0
    statusText = ''
    responseText = ''
    private method = 'GET'
    private url = ''
    private headers: Record<string, string> = {}
    private finished = false

    open(method: string, url: string) {
      this.method = method
      this.url = url
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value
    }
    abort() {
      this.finished = true
      this.onabort?.()
    }
    send(body: unknown) {
      const held: HeldUpload = {
        method: this.method,
        url: this.url,
        headers: this.headers,
        body,
        progress: (sent, total) =>
          this.upload.onprogress?.({ lengthComputable: true, loaded: sent, total } as ProgressEvent),
        finish: async () => {
          this.finished = true
          try {
            const response = await fetch(this.url, {
              method: this.method,
              headers: this.headers,
              body: body as BodyInit,
            })
            this.status = response.status
            this.statusText = response.statusText
            this.responseText = await response.text()
            this.onload?.()
          } catch {
            this.onerror?.()
          }
        },
      }
      uploads.push(held)
      onTestFinished(() => {
        if (!this.finished) throw new Error(`fakeXhr: ${this.method} ${this.url} was never finished`)
      })
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest)
  return { uploads }
}
