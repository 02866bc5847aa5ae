import type { Brand } from '@store/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { type Answer, http } from '../../../lib/http.ts'

/** `GET /admin/brands/all`: every brand, for the product form's select. */
export const getBrandOptions = (signal?: AbortSignal) =>
  http.get<Answer<Brand[]>>('/admin/brands/all', undefined, signal)

export const brandOptionsQueryOptions = () =>
  queryOptions({
    // Under the `brands` root, so a brand saved or deleted elsewhere refreshes the select.
    queryKey: ['brands', 'all'],
    queryFn: ({ signal }) => getBrandOptions(signal).then((answer) => answer.data),
  })

/** @example const { data: brands = [] } = useBrandOptions() */
export const useBrandOptions = () => useQuery(brandOptionsQueryOptions())
