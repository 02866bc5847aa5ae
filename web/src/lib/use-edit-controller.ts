import type { EndpointAnswer, EndpointInput, Route } from '@store/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  get as getPath,
  type Path,
  type Resolver,
  type UseFormSetError,
  useForm,
} from 'react-hook-form'
import { useNavigate } from 'react-router'
import { changedPart, type KeepTouched, versionOf, withVersion } from './edit-body.ts'
import { applyServerErrors, fieldPaths } from './forms.ts'
import { apiQuery, useApiMutation } from './queries.ts'
import { notify } from './toast.ts'
import { differingFields, useEditedMeanwhile } from './use-edited-meanwhile.ts'
import { useUnsavedChanges } from './use-unsaved-changes.ts'

/** A call that reads one record: `{ params: { id } }` (or nothing, for a record of its own) in, `{ data }` out. */
type RecordEndpoint = Route & { method: 'GET' }
type RecordOf<E> = EndpointAnswer<E> extends { data: infer R } ? R : never

/** What a save sends before `transform`: the whole checked body, or with `onlyChanged` the changed part of it. */
type Outgoing<Body, Only extends boolean> = Only extends true ? Partial<Body> : Body

/**
 * What the server would refuse that a form's rules cannot see (a taken email), asked when the rules stop a save:
 * the messages, each for its field (a `messageRef` text, as the rules' own).
 */
export type RuleBreakCheck<Values extends FieldValues> = (
  values: Values,
  errors: FieldErrors<Values>,
) => Promise<{ name: Path<Values>; message: string }[]>

export interface EditControllerOptions<
  Values extends FieldValues,
  Body,
  Load extends RecordEndpoint,
  Save extends Route,
  Only extends boolean,
  Sent,
> {
  /** The record to edit, loaded afresh on every entry; an add screen has none, a record of its own no id. */
  load?: { endpoint: Load; id?: string }
  /** The form's values from the loaded record (and from a save's answer, when the screen stays). */
  toValues?: (record: RecordOf<Load>) => Values
  /** The form's values before anything is loaded: an add screen's empty form. */
  empty: Values
  /** The rules, the contract's schema for the body: the resolver turns the form's values into the body. */
  resolver: Resolver<Values, unknown, Body>
  /**
   * Sends only the fields changed since the form was filled (a partial update), so a save of one field does
   * not send the others for the server to check again. With nothing changed, the body is empty but for the
   * version; `transform` may put something in it.
   */
  onlyChanged?: Only
  /** Changes the body just before it goes, given the whole checked body and the record the form is from. */
  transform?: (
    body: Outgoing<Body, Only>,
    context: { checked: Body; record: RecordOf<Load> | undefined },
  ) => Sent
  /** The saving call and its input from the body (and the edited record's id). */
  save: { endpoint: Save; input: (body: Sent, id: string | undefined) => EndpointInput<Save> }
  /** Where the screen goes once saved (unless it stays), or when the record cannot be loaded: its list. */
  back: string
  /** The toast after a save. */
  saved: string
  /**
   * Stays on the screen once saved (the shop settings) instead of going back: the form is reset to the record
   * as the save answered it, and its version, so the next save goes from it and is not refused as edited
   * meanwhile. An add screen that stays keeps what was sent, and must hold its Save back itself.
   */
  stay?: boolean
  /** Runs with the save's answer, after the toast: to show what the server made (a one-time link). */
  onSaved?: (answer: EndpointAnswer<Save>) => void
  /**
   * Shows a refusal the screen's own way instead of a toast: places it on a field and answers null, or
   * answers the text the screen shows on the form (`refusal`). Without it, what no field takes is toasted.
   */
  placeRefusal?: (error: unknown, setError: UseFormSetError<Values>, fields: Path<Values>[]) => string | null
  /** When the rules are checked: as each field is left (the default), or on every change. */
  mode?: 'onTouched' | 'onChange'
  /**
   * How `refreshUntouched` combines the record as it is now with what the form holds: react-hook-form's own way
   * (each field the user has not changed takes the record's value) unless given. A form with a list of rows gives
   * `keepTouched` with `keepTouchedRows`, which follows its rows by id rather than by position.
   */
  keepTouched?: KeepTouched<Values>
  /**
   * Asked when the form's own rules stop a save, to show beside their messages what only the server knows (an add
   * form's taken email, `emailTakenCheck`): every message after one save. A field changed meanwhile keeps none.
   */
  alsoWhenRulesBreak?: RuleBreakCheck<NoInfer<Values>>
}

/**
 * Everything an add or edit screen does, without markup (react-admin's edit controller): loads the record
 * afresh on entry and fills the form once, goes back to the list when it cannot be loaded (the query cache has
 * toasted why), saves, toasts and goes back (or stays, `stay`), and puts a 400's or a 409's messages next to
 * their fields while keeping what was typed. Anything it cannot place on a field is toasted, or shown the
 * screen's way (`placeRefusal`). Leaving with unsaved changes asks first (`useUnsavedChanges`; the screen shows
 * the question with `LeavePrompt`), except after a save.
 *
 * What is sent: the resolver's body, only its changed fields with `onlyChanged`, then through `transform`,
 * into `save.input`.
 *
 * Edited meanwhile (CONTRACT 4.6): when the record carries a `version`, the save sends the one the form was
 * filled from, in its body, whatever the screen builds the body from. When someone else saved first, the 409
 * opens a question (`meanwhile`, shown by `EditScreen`): Reload fills the form with the record as it is now,
 * dropping this form's changes; Cancel keeps editing. Nothing is dropped or overwritten without that choice.
 *
 * @example
 * // An edit screen that goes back to its list once saved.
 * const edit = useEditController({
 *   load: { endpoint: endpoints.categories.get, id }, toValues: (c) => ({ name: c.name }), empty: { name: '' },
 *   resolver, save: { endpoint: endpoints.categories.update, input: (body, id) => ({ params: { id: id! }, body }) },
 *   back: paths.categories, saved: t('categories.updated'),
 * })
 * return <EditScreen edit={edit} …><CategoryFields form={edit.form} /></EditScreen>
 *
 * @example
 * // A partial update: only what changed goes (the name alone when nothing did); refusals above the buttons.
 * const edit = useEditController({
 *   load: { endpoint: endpoints.staff.get, id }, toValues: toStaffEditValues, empty: emptyStaffEdit,
 *   resolver: staffEditResolver, onlyChanged: true, transform: orNameAlone, placeRefusal,
 *   save: { endpoint: endpoints.staff.update, input: (body) => ({ params: { id }, body }) },
 *   back: paths.staff, saved: t('staff.updated'),
 * })
 * return <EditScreen edit={edit} …>…{edit.refusal && <Alert>{edit.refusal}</Alert>}</EditScreen>
 *
 * @example
 * // A record of its own that stays on screen once saved, the form reset to what was saved.
 * const edit = useEditController({
 *   load: { endpoint: endpoints.settings.get }, toValues: toSettingsValues, empty: emptySettings,
 *   resolver: settingsResolver, save: { endpoint: endpoints.settings.update, input: (body) => ({ body }) },
 *   back: paths.home, saved: t('settings.saved'), stay: true,
 * })
 */
export function useEditController<
  Values extends FieldValues,
  Body,
  Load extends RecordEndpoint = RecordEndpoint,
  Save extends Route = Route,
  Only extends boolean = false,
  Sent = Outgoing<Body, Only>,
>(options: EditControllerOptions<Values, Body, Load, Save, Only, Sent>) {
  const { load, toValues, empty, resolver, save, back, saved, mode = 'onTouched' } = options
  const {
    onlyChanged,
    transform,
    stay = false,
    onSaved,
    placeRefusal,
    keepTouched,
    alsoWhenRulesBreak,
  } = options
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const form = useForm<Values, unknown, Body>({
    resolver,
    defaultValues: empty as DefaultValues<Values>,
    mode,
  })

  // The spec's edit screens drop the old record and load it again on entry: nothing is kept once the screen
  // closes, and every entry asks the server. An add screen has no record: hooks cannot be skipped, so its
  // query is there but never enabled.
  const recordQuery = apiQuery(
    load?.endpoint ?? ({} as Load),
    (load?.id === undefined ? undefined : { params: { id: load.id } }) as EndpointInput<Load> | undefined,
  )
  const record = useQuery({
    ...recordQuery,
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
  // The question says which fields differ: what the form is saving against the stored record in the form's shape.
  const compareStored = useCallback(
    (stored: unknown) =>
      toValues ? differingFields(form.getValues(), toValues(stored as RecordOf<Load>)) : [],
    [form, toValues],
  )
  const meanwhile = useEditedMeanwhile(reloadRecord, compareStored)

  // After a change the screen made itself beside the form (a product's stock adjusted): the record as the server
  // has it now fills the fields the user has not touched, the typed ones stay, and saves go from its version, so
  // the screen's own change is neither undone by the form nor mistaken for someone else's.
  const refreshUntouched = useCallback(async () => {
    const fresh = (await refetch()).data as { data: RecordOf<Load> } | undefined
    if (fresh === undefined || !toValues) return
    filledVersion.current = versionOf(fresh.data)
    const values = toValues(fresh.data)
    if (!keepTouched) {
      reset(values, { keepDirtyValues: true })
      return
    }
    const kept = keepTouched(values, form.getValues(), form.formState.defaultValues as Values | undefined)
    // The record as it is now is the form's new start, what the user changed is kept on top of it: the form is
    // dirty by exactly those changes.
    reset(values)
    reset(kept, { keepDefaultValues: true })
  }, [refetch, reset, toValues, keepTouched, form])

  useEffect(() => {
    if (record.isError) navigate(back, { replace: true })
  }, [record.isError, back, navigate])

  const guard = useUnsavedChanges(form.formState.isDirty)
  const { release } = guard
  /** A refusal the screen shows on the form (`placeRefusal`); cleared by the next save. */
  const [refusal, setRefusal] = useState<string | null>(null)

  /** After a save that stays: the answer is the record as it is now, the form's new start and version. */
  const startAgainFrom = (answer: EndpointAnswer<Save>) => {
    const stored = (answer as { data?: RecordOf<Load> }).data
    if (load && stored !== undefined) {
      // The screen shows the record as saved, not the one loaded before the save: an update answers the
      // record in the same envelope as its read.
      queryClient.setQueryData(recordQuery.queryKey, answer as unknown as EndpointAnswer<Load>)
      filledVersion.current = versionOf(stored)
    }
    // Reset, not released: the saved values are the form's start, so later changes ask before leaving again.
    reset(toValues && load && stored !== undefined ? toValues(stored) : form.getValues())
  }

  const mutation = useApiMutation(save.endpoint, {
    meta: { silent: true },
    // A screen that leaves goes to the list, which loads afresh: refetching what it leaves behind would be
    // wasted. One that stays shows what the save changed (the store config after the settings).
    refetch: stay ? 'active' : 'none',
    onError: (error) => {
      if (meanwhile.refused(error)) return
      // The form's fields as it holds them now, each row of a list too (`variants.3.sku`).
      const fields = [
        ...new Set([...(Object.keys(empty) as Path<Values>[]), ...fieldPaths(form.getValues())]),
      ]
      if (placeRefusal) setRefusal(placeRefusal(error, form.setError, fields))
      else if (!applyServerErrors(error, form.setError, fields)) notify.error(error)
    },
    onSuccess: (answer) => {
      notify.success(saved)
      if (stay) startAgainFrom(answer)
      else {
        release()
        navigate(back)
      }
      onSaved?.(answer)
    },
  })

  /** The body as it goes: only what changed when asked, then the screen's transform. */
  const outgoing = (checked: Body): Sent => {
    const body = (
      onlyChanged
        ? changedPart(checked, (field) => form.getFieldState(field as Path<Values>).isDirty)
        : checked
    ) as Outgoing<Body, Only>
    return transform ? transform(body, { checked, record: loaded }) : (body as unknown as Sent)
  }

  return {
    form,
    /** The record as loaded on this entry (or as a save that stays answered it); undefined on an add screen. */
    record: loaded,
    /** True while the record is loading: the form waits for it. */
    loading: load !== undefined && loaded === undefined,
    saving: mutation.isPending,
    /** The form's submit handler: checks the rules, then saves. */
    submit: form.handleSubmit(
      (checked) => {
        setRefusal(null)
        const input = save.input(outgoing(checked), load?.id)
        mutation.mutate(withVersion(input, load ? filledVersion.current : undefined))
      },
      async (errors) => {
        if (!alsoWhenRulesBreak) return
        const asked = form.getValues()
        for (const { name, message } of await alsoWhenRulesBreak(asked, errors)) {
          // Typed over while the server was asked: the answer is about a value no longer there.
          if (form.getValues(name) !== getPath(asked, name)) continue
          form.setError(name, { type: 'server', message })
        }
      },
    ),
    back,
    /** Holds a navigation away from unsaved changes until the user answers (`LeavePrompt`). */
    guard,
    /** The question after a save refused as edited meanwhile (`EditedMeanwhileDialog`). */
    meanwhile,
    /** The text of the last refusal, when the screen shows refusals itself (`placeRefusal`). */
    refusal,
    /** Takes the record as it is now into the untouched fields and its version (see `refreshUntouched`). */
    refreshUntouched,
  }
}
