import { endpoints } from '@store/contract/client'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { apiQuery } from '../../../lib/queries.ts'

/** How many products each stock card shows; `meta.totalResults` says how many there are. */
export const STOCK_SHOWN = 5

/** The dashboard's two stock cards: out of stock (quantity 0) and low (1 to the shop's threshold). */
export type StockKind = 'out' | 'low'

/**
 * Live products out of stock (newest first) or low on stock (fewest left first, CONTRACT 4.1 `stock=low`).
 * Under the `products` key, so a product saved on the product screens, or a new threshold saved in the shop
 * settings, refreshes these tables too.
 *
 * @example const low = useStockProducts('low'); low.data?.meta.totalResults
 */
export const useStockProducts = (stock: StockKind, limit = STOCK_SHOWN) =>
  useQuery({ ...stockProductsQuery(stock, limit), placeholderData: keepPreviousData })

/** The call behind a stock card, for a loader to start it before the screen renders. */
export const stockProductsQuery = (stock: StockKind, limit = STOCK_SHOWN) =>
  apiQuery(endpoints.products.list, {
    query: { stock, page: 1, limit, ...(stock === 'low' && { sortBy: 'quantity:asc' as const }) },
  })
