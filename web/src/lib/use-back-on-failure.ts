import { useEffect } from 'react'
import { useNavigate } from 'react-router'

/**
 * Sends the user back to a list when the record a screen shows could not be loaded (unknown id, gone, no
 * connection). The query cache has already toasted the server's reason.
 *
 * @example useBackOnFailure(user.isError, paths.users)
 */
export function useBackOnFailure(failed: boolean, to: string) {
  const navigate = useNavigate()
  useEffect(() => {
    if (failed) navigate(to, { replace: true })
  }, [failed, to, navigate])
}
