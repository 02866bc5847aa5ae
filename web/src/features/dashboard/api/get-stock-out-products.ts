import { endpoints } from '@store/contract/client'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { apiQuery } from '../../../lib/queries.ts'

/** How many out-of-stock products the dashboard shows; `meta.totalResults` says how many there are. */
export const STOCK_OUT_SHOWN = 5

/**
 * Live products whose quantity is 0, newest first. Under the `products` key, so a product saved on the
 * product screens refreshes this table too.
 *
 * @example const stockOut = useStockOutProducts(); stockOut.data?.meta.totalResults
 */
export const useStockOutProducts = (limit = STOCK_OUT_SHOWN) =>
  useQuery({
    ...apiQuery(endpoints.products.list, { query: { stock: 'out', page: 1, limit } }),
    placeholderData: keepPreviousData,
  })
