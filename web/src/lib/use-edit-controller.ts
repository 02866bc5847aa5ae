import type { EndpointAnswer, EndpointInput, Route } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useRef } from 'react'
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { applyServerErrors } from './forms.ts'
import { apiQuery, useApiMutation } from './queries.ts'
import { notify } from './toast.ts'
import { useEditedMeanwhile } from './use-edited-meanwhile.ts'
import { useUnsavedChanges } from './use-unsaved-changes.ts'

/** A call that reads one record: `{ params: { id } }` in, `{ data: record }` out. */
type RecordEndpoint = Route & { method: 'GET' }
type RecordOf<E> = EndpointAnswer<E> extends { data: infer R } ? R : never

/** The version a record carries (CONTRACT 4.6), when it carries one. */
const versionOf = (record: unknown): number | undefined => {
  const version = (record as { version?: unknown } | null | undefined)?.version
  return typeof version === 'number' ? version : undefined
}

/** A save's input with the version the form was filled from in its body, so a stale edit is refused. */
function withVersion<I>(input: I, version: number | undefined): I {
  if (version === undefined) return input
  const body = (input as { body?: unknown }).body
  if (!body || typeof body !== 'object' || Array.isArray(body)) return input
  return { ...input, body: { ...body, version } }
}

export interface EditControllerOptions<
  Values extends FieldValues,
  Body,
  Load extends RecordEndpoint,
  Save extends Route,
> {
  /** The record to edit, loaded afresh on every entry; an add screen has none. */
  load?: { endpoint: Load; id: string }
  /** The form's values from the loaded record. */
  toValues?: (record: RecordOf<Load>) => Values
  /** The form's values before anything is loaded: an add screen's empty form. */
  empty: Values
  /** The rules, the contract's schema for the body: the resolver turns the form's values into the body. */
  resolver: Resolver<Values, unknown, Body>
  /** The saving call and its input from the checked body (and the edited record's id). */
  save: { endpoint: Save; input: (body: Body, id: string | undefined) => EndpointInput<Save> }
  /** Where the screen goes once saved, or when the record cannot be loaded: its list. */
  back: string
  /** The toast after a save. */
  saved: string
  /** When the rules are checked: as each field is left (the default), or on every change. */
  mode?: 'onTouched' | 'onChange'
}

/**
 * Everything an add or edit screen does, without markup (react-admin's edit controller): loads the record
 * afresh on entry and fills the form once, goes back to the list when it cannot be loaded (the query cache has
 * toasted why), saves, toasts and goes back, and puts a 400's or a 409's messages next to their fields while
 * keeping what was typed. Anything it cannot place on a field is toasted. Leaving with unsaved changes asks
 * first (`useUnsavedChanges`; the screen shows the question with `LeavePrompt`), except after a save.
 *
 * Edited meanwhile (CONTRACT 4.6): when the record carries a `version`, the save sends the one the form was
 * filled from, in its body, whatever the screen builds the body from. When someone else saved first, the 409
 * opens a question (`meanwhile`, shown by `EditScreen`): Reload fills the form with the record as it is now,
 * dropping this form's changes; Cancel keeps editing. Nothing is dropped or overwritten without that choice.
 *
 * @example
 * const edit = useEditController({
 *   load: { endpoint: endpoints.categories.get, id }, toValues: (c) => ({ name: c.name }), empty: { name: '' },
 *   resolver, save: { endpoint: endpoints.categories.update, input: (body, id) => ({ params: { id: id! }, body }) },
 *   back: paths.categories, saved: t('categories.updated'),
 * })
 * return <EditScreen edit={edit} …><CategoryFields form={edit.form} /></EditScreen>
 */
export function useEditController<
  Values extends FieldValues,
  Body,
  Load extends RecordEndpoint = RecordEndpoint,
  Save extends Route = Route,
>(options: EditControllerOptions<Values, Body, Load, Save>) {
  const { load, toValues, empty, resolver, save, back, saved, mode = 'onTouched' } = options
  const navigate = useNavigate()
  const form = useForm<Values, unknown, Body>({
    resolver,
    defaultValues: empty as DefaultValues<Values>,
    mode,
  })

  // The spec's edit screens drop the old record and load it again on entry: nothing is kept once the screen
  // closes, and every entry asks the server. An add screen has no record: hooks cannot be skipped, so its
  // query is there but never enabled.
  const record = useQuery({
    ...apiQuery(load?.endpoint ?? ({} as Load), { params: { id: load?.id } } as EndpointInput<Load>),
    enabled: load !== undefined,
    gcTime: 0,
    staleTime: 0,
    refetchOnMount: 'always',
  })
  const loaded = record.isFetchedAfterMount
    ? (record.data as { data: RecordOf<Load> } | undefined)?.data
    : undefined

  // The form starts from the record as the server has it now, once: a later refetch never overwrites what is
  // being typed.
  // Kept per id: the same page shown for another record (back from /edit/2 to /edit/1) fills in that one.
  const filledFor = useRef<string | null>(null)
  /** The version of the record the form was filled from: the one a save is made from. */
  const filledVersion = useRef<number | undefined>(undefined)
  const { reset } = form
  const id = load?.id ?? ''
  useEffect(() => {
    if (loaded === undefined || filledFor.current === id || !toValues) return
    filledFor.current = id
    filledVersion.current = versionOf(loaded)
    reset(toValues(loaded))
  }, [loaded, id, reset, toValues])

  // Reload, once the user chose it: the record as the server has it now, into the form, and its version.
  const { refetch } = record
  const reloadRecord = useCallback(async () => {
    const fresh = (await refetch()).data as { data: RecordOf<Load> } | undefined
    // A record gone meanwhile fails to load: the screen goes back to the list, as on entry.
    if (fresh === undefined || !toValues) return
    filledVersion.current = versionOf(fresh.data)
    reset(toValues(fresh.data))
  }, [refetch, reset, toValues])
  const meanwhile = useEditedMeanwhile(reloadRecord)

  useEffect(() => {
    if (record.isError) navigate(back, { replace: true })
  }, [record.isError, back, navigate])

  const guard = useUnsavedChanges(form.formState.isDirty)
  const { release } = guard

  const mutation = useApiMutation(save.endpoint, {
    meta: { silent: true },
    // The screen leaves for the list, which loads afresh: refetching what is left behind would be wasted.
    refetch: 'none',
    onError: (error) => {
      if (meanwhile.refused(error)) return
      const fields = Object.keys(empty) as Path<Values>[]
      if (!applyServerErrors(error, form.setError, fields)) notify.error(error)
    },
    onSuccess: () => {
      notify.success(saved)
      release()
      navigate(back)
    },
  })

  return {
    form,
    /** The record as loaded on this entry; undefined on an add screen and until it has loaded. */
    record: loaded,
    /** True while the record is loading: the form waits for it. */
    loading: load !== undefined && loaded === undefined,
    saving: mutation.isPending,
    /** The form's submit handler: checks the rules, then saves. */
    submit: form.handleSubmit((body) =>
      mutation.mutate(withVersion(save.input(body, load?.id), load ? filledVersion.current : undefined)),
    ),
    back,
    /** Holds a navigation away from unsaved changes until the user answers (`LeavePrompt`). */
    guard,
    /** The question after a save refused as edited meanwhile (`EditedMeanwhileDialog`). */
    meanwhile,
  }
}
