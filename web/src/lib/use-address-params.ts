import { useCallback, useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'

/**
 * The address's query parameters, and a way to change them that builds on the address as last asked for: changes
 * made before the address catches up (two filters chosen in quick succession, two quick clicks) all count.
 *
 * The router commits a change of address later than it is asked for, so a render can still show an earlier
 * address while a later one is on its way. Taking each rendered address as the base (as this screen once did)
 * then dropped a change: choose a record type, an action and a person quickly, and the person's change was built
 * on the address that had only the record type. The rendered address becomes the base again once it shows the
 * last change asked for, or when it moves by other means (Back, a link) while no change is on its way.
 *
 * `edit` changes the copy it is given, or answers parameters of its own.
 *
 * @example const [params, change] = useAddressParams(); change((next) => next.set('action', 'create'))
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams()
  const asked = useRef(params)
  const onItsWay = useRef<string | null>(null)
  useEffect(() => {
    if (onItsWay.current === null || onItsWay.current === params.toString()) {
      onItsWay.current = null
      asked.current = params
    }
  }, [params])
  const change = useCallback(
    (edit: (next: URLSearchParams) => unknown, options?: { replace?: boolean }) => {
      const copy = new URLSearchParams(asked.current)
      const answered = edit(copy)
      const next = answered instanceof URLSearchParams ? answered : copy
      // The same parameters again render no new address, so nothing is on its way for them.
      if (next.toString() !== asked.current.toString()) onItsWay.current = next.toString()
      asked.current = next
      setParams(next, options)
    },
    [setParams],
  )
  return [params, change] as const
}
