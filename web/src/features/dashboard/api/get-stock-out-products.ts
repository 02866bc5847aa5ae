import type { Product } from '@store/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { http, type ListAnswer } from '../../../lib/http.ts'

/** How many out-of-stock products the dashboard shows; `meta.totalResults` says how many there are. */
export const STOCK_OUT_SHOWN = 5

/** GET /admin/products?stock=out&page=1&limit=5: live products whose quantity is 0, newest first. */
export const getStockOutProducts = (limit: number, signal?: AbortSignal) =>
  http.get<ListAnswer<Product>>('/admin/products', { stock: 'out', page: 1, limit }, signal)

// Under the 'products' root, so a product saved on the product screens refreshes this table too.
export const stockOutProductsQuery = (limit = STOCK_OUT_SHOWN) =>
  queryOptions({
    queryKey: ['products', 'stock-out', { limit }],
    queryFn: ({ signal }) => getStockOutProducts(limit, signal),
    placeholderData: keepPreviousData,
  })

/** @example const stockOut = useStockOutProducts(); stockOut.data?.meta.totalResults */
export const useStockOutProducts = (limit?: number) => useQuery(stockOutProductsQuery(limit))
