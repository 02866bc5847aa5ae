import type { StoreConfig } from '@store/contract'
import { createContext, useContext } from 'react'

/**
 * The server's own defaults (`STORE_TZ`, `UPLOAD_MAX_MB`), in force until `GET /api/admin/config` has answered:
 * the sign-in page shows no dates.
 */
export const DEFAULT_STORE_CONFIG: StoreConfig = {
  storeTimeZone: 'Asia/Ho_Chi_Minh',
  uploadMaxMb: 5,
  lowStockThreshold: 5,
}

/** The store's settings the screens follow; the session provider fills it from the server. */
export const StoreConfigContext = createContext<StoreConfig>(DEFAULT_STORE_CONFIG)

/** @example const { storeTimeZone } = useStoreConfig() */
export const useStoreConfig = () => useContext(StoreConfigContext)
