import { zodResolver } from '@hookform/resolvers/zod'
import { TextInput } from '@mantine/core'
import {
  defineEndpoints,
  type EndpointInput,
  envelope,
  idParams,
  type Message,
  messageText,
  requiredText,
} from '@store/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import type { Resolver, UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { EditScreen } from '../components/edit-screen.tsx'
import { fakeFetch, json, ok, refusal, refusalBody } from '../test/fake-fetch.ts'
import { renderAt } from '../test/render.tsx'
import { ApiError } from './http.ts'
import { queryKeys } from './queries.ts'
import { notify } from './toast.ts'
import { useEditController } from './use-edit-controller.ts'
import { translateMessage } from './validation.ts'

/** A resource of its own, so the controller is tested apart from every real screen. */
const thing = z.object({ id: z.string(), name: z.string(), version: z.number().optional() })
const thingBody = z.object({ name: requiredText(50) })
type ThingBody = z.infer<typeof thingBody>
interface ThingValues {
  name: string
}

const things = defineEndpoints('things', {
  get: {
    method: 'GET',
    path: '/admin/things/:id',
    summary: 'One thing',
    permission: 'catalog:read',
    params: idParams,
    answer: envelope(thing),
  },
  update: {
    method: 'PUT',
    path: '/admin/things/:id',
    summary: 'Change a thing',
    permission: 'catalog:write',
    params: idParams,
    body: thingBody,
    audit: { entity: 'product', action: 'update' },
    answer: envelope(thing),
  },
  create: {
    method: 'POST',
    path: '/admin/things',
    summary: 'Add a thing',
    permission: 'catalog:write',
    body: thingBody,
    audit: { entity: 'product', action: 'create' },
    answer: envelope(thing),
  },
})

const resolver = zodResolver(thingBody) as Resolver<ThingValues, unknown, ThingBody>
const BACK = '/things'
const GET = 'GET /api/admin/things/7'
const PUT = 'PUT /api/admin/things/7'
const POST = 'POST /api/admin/things'
const recordKey = queryKeys.of(things.get, { params: { id: '7' } })

type UpdateInput = (body: ThingBody, id: string | undefined) => EndpointInput<typeof things.update>
type CreateInput = (body: ThingBody, id: string | undefined) => EndpointInput<typeof things.create>

/** The one field of a thing, its message shown in the chosen language. */
function NameField({ form }: { form: UseFormReturn<ThingValues, unknown, unknown> }) {
  const { t } = useTranslation()
  return (
    <TextInput
      label="Name"
      {...form.register('name')}
      error={translateMessage(t, form.formState.errors.name?.message)}
    />
  )
}

/** The smallest edit screen: what a feature writes, with the controller doing the rest. */
function ThingEdit({ input }: { input: UpdateInput }) {
  const { id = '' } = useParams()
  const edit = useEditController({
    load: { endpoint: things.get, id },
    // A new function each render, as a screen may write it: the form is still filled once.
    toValues: (record) => ({ name: record.name }),
    empty: { name: '' },
    resolver,
    save: { endpoint: things.update, input },
    back: BACK,
    saved: 'Thing saved',
  })
  return (
    <EditScreen
      title="Edit Thing"
      crumbs={[{ label: 'List Thing', to: BACK }, { label: 'Edit Thing' }]}
      edit={edit}
    >
      <NameField form={edit.form} />
      {/* The record as the controller hands it, to see when a refetch has reached the screen. */}
      <p>{`Stored: ${edit.record?.name ?? 'none'}`}</p>
    </EditScreen>
  )
}

function ThingCreate({ input }: { input: CreateInput }) {
  const edit = useEditController({
    empty: { name: '' },
    resolver,
    save: { endpoint: things.create, input },
    back: BACK,
    saved: 'Thing added',
  })
  return (
    <EditScreen
      title="Add Thing"
      crumbs={[{ label: 'List Thing', to: BACK }, { label: 'Add Thing' }]}
      edit={edit}
    >
      <NameField form={edit.form} />
    </EditScreen>
  )
}

const updateInput = () => vi.fn<UpdateInput>((body, id) => ({ params: { id: id ?? '' }, body }))
const showEdit = (input: UpdateInput = updateInput()) =>
  renderAt(<ThingEdit input={input} />, '/things/7', '/things/:id')

/** A promise the test lets go of when it wants: an answer that comes later. */
function gate() {
  let open = () => {}
  const closed = new Promise<void>((resolve) => {
    open = resolve
  })
  return { open, closed }
}
/** The record's answer, once `until` lets it go. */
const later = (name: string, until: Promise<void>) => async () => {
  await until
  return ok({ id: '7', name })
}
const record = (name: string) => () => ok({ id: '7', name })

const name = () => screen.getByLabelText('Name')
const save = () => screen.getByRole('button', { name: 'Save' })
const form = () => screen.getByRole('form', { name: 'Edit Thing' })

afterEach(() => {
  vi.restoreAllMocks()
})

describe('useEditController through an edit screen', () => {
  it('holds the form (Save disabled, an overlay labelled Loading…) until the record has loaded', async () => {
    const answer = gate()
    fakeFetch({ [GET]: [later('First', answer.closed)] })
    showEdit()
    expect(screen.getByRole('heading', { name: 'Edit Thing' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', BACK)
    expect(save()).toBeDisabled()
    expect(screen.getByLabelText('Loading…')).toBeInTheDocument()
    expect(form()).toHaveAttribute('aria-busy', 'true')
    expect(name()).toHaveValue('')
    expect(screen.getByText('Stored: none')).toBeInTheDocument()

    answer.open()
    await waitFor(() => expect(name()).toHaveValue('First'))
    expect(screen.getByText('Stored: First')).toBeInTheDocument()
    expect(save()).toBeEnabled()
    expect(form()).toHaveAttribute('aria-busy', 'false')
    await waitFor(() => expect(screen.queryByLabelText('Loading…')).not.toBeInTheDocument())
  })

  it('loads the record afresh on every entry, even when it is cached, and waits for the fresh one', async () => {
    const second = gate()
    const server = fakeFetch({ [GET]: [record('First'), later('Second', second.closed)] })
    /** The screen behind a button, so it can be left and entered again under the same cache. */
    function Entries() {
      const [shown, setShown] = useState(true)
      return (
        <>
          <button type="button" onClick={() => setShown((s) => !s)}>
            Toggle
          </button>
          {shown && <ThingEdit input={updateInput()} />}
        </>
      )
    }
    const user = userEvent.setup()
    const { queryClient } = renderAt(<Entries />, '/things/7', '/things/:id')
    await waitFor(() => expect(name()).toHaveValue('First'))
    await user.click(screen.getByRole('button', { name: 'Toggle' }))
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument()

    // The record is in the cache when the screen is entered again.
    queryClient.setQueryData(recordKey, { status: true, data: { id: '7', name: 'Cached' }, message: 'OK' })
    await user.click(screen.getByRole('button', { name: 'Toggle' }))
    await waitFor(() => expect(server.callsTo(GET)).toHaveLength(2))
    // It waits for the server's answer rather than showing what was cached.
    expect(name()).toHaveValue('')
    expect(screen.getByText('Stored: none')).toBeInTheDocument()
    expect(save()).toBeDisabled()
    expect(screen.getByLabelText('Loading…')).toBeInTheDocument()

    second.open()
    await waitFor(() => expect(name()).toHaveValue('Second'))
    expect(save()).toBeEnabled()
  })

  it('goes back to the list, replacing the address, when the record cannot be loaded', async () => {
    const server = fakeFetch({ [GET]: [() => refusal(404, 'userNotFound')] })
    const { router } = showEdit()
    await waitFor(() => expect(router.state.location.pathname).toBe(BACK))
    expect(router.state.historyAction).toBe('REPLACE')
    expect(server.calls.map((call) => `${call.method} ${call.path}`)).toEqual([GET])
  })

  it('saves save.input(body, id), marks the resource stale, then toasts and goes back to the list', async () => {
    const success = vi.spyOn(notify, 'success')
    const server = fakeFetch({
      [GET]: [record('First')],
      [PUT]: [(call) => ok({ id: '7', ...(call.body as object) })],
    })
    const input = updateInput()
    const user = userEvent.setup()
    const { router, queryClient } = showEdit(input)
    // Something else cached about the resource, which the save makes stale.
    const listKey = ['things', 'list', {}]
    queryClient.setQueryData(listKey, { status: true, data: [], message: 'OK' })
    await waitFor(() => expect(name()).toHaveValue('First'))
    await user.clear(name())
    await user.type(name(), '  Renamed  ')
    await user.click(save())

    await waitFor(() => expect(router.state.location.pathname).toBe(BACK))
    expect(router.state.historyAction).toBe('PUSH')
    // The body is what the resolver made of the form's values (trimmed), with the edited record's id.
    expect(input).toHaveBeenCalledTimes(1)
    expect(input).toHaveBeenCalledWith({ name: 'Renamed' }, '7')
    expect(server.callsTo(PUT).map((call) => call.body)).toEqual([{ name: 'Renamed' }])
    expect(success).toHaveBeenCalledTimes(1)
    expect(success).toHaveBeenCalledWith('Thing saved')
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true)
  })

  it('puts a 400 message about a field next to it and keeps what was typed', async () => {
    const success = vi.spyOn(notify, 'success')
    const failure = vi.spyOn(notify, 'error')
    const tooLong: Message = { code: 'tooLong', params: { max: 50 } }
    fakeFetch({
      [GET]: [record('First')],
      [PUT]: [() => refusal(400, tooLong, { name: tooLong })],
    })
    const user = userEvent.setup()
    const { router } = showEdit()
    await waitFor(() => expect(name()).toHaveValue('First'))
    await user.type(name(), ' and more')
    await user.click(save())

    await waitFor(() => expect(name()).toHaveAccessibleDescription('At most 50 characters'))
    expect(messageText(tooLong)).toBe('At most 50 characters')
    expect(name()).toHaveValue('First and more')
    expect(name()).toHaveFocus()
    expect(router.state.location.pathname).toBe('/things/7')
    expect(failure).not.toHaveBeenCalled()
    expect(success).not.toHaveBeenCalled()
  })

  it('toasts what it cannot place on a field (a 409 about none, a 400 about an unknown one) and stays', async () => {
    const failure = vi.spyOn(notify, 'error')
    const server = fakeFetch({
      [GET]: [record('First')],
      [PUT]: [() => refusal(409, 'referenceGone'), () => refusal(400, 'invalid', { colour: 'invalid' })],
    })
    const user = userEvent.setup()
    const { router } = showEdit()
    await waitFor(() => expect(name()).toHaveValue('First'))
    await user.type(name(), '!')
    await user.click(save())

    await waitFor(() => expect(failure).toHaveBeenCalledTimes(1))
    const [error] = failure.mock.calls[0]!
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(409)
    expect((error as ApiError).code).toBe('referenceGone')
    expect(router.state.location.pathname).toBe('/things/7')
    expect(name()).toHaveValue('First!')
    expect(name()).not.toHaveAccessibleDescription()
    await waitFor(() => expect(save()).toBeEnabled())

    await user.click(save())
    await waitFor(() => expect(failure).toHaveBeenCalledTimes(2))
    expect((failure.mock.calls[1]![0] as ApiError).status).toBe(400)
    expect(name()).not.toHaveAccessibleDescription()
    expect(router.state.location.pathname).toBe('/things/7')
    expect(server.callsTo(PUT)).toHaveLength(2)
  })

  it('fills the form from the record once: a later refetch does not overwrite what is being typed', async () => {
    const refetch = gate()
    const server = fakeFetch({
      [GET]: [record('First'), later('Changed', refetch.closed)],
      [PUT]: [(call) => ok({ id: '7', ...(call.body as object) })],
    })
    const user = userEvent.setup()
    const { queryClient, router } = showEdit()
    await waitFor(() => expect(name()).toHaveValue('First'))

    let refetched: Promise<void> = Promise.resolve()
    act(() => {
      refetched = queryClient.invalidateQueries({ queryKey: ['things'] })
    })
    await waitFor(() => expect(server.callsTo(GET)).toHaveLength(2))
    // The refetch does not hold the form: what is there stays usable.
    expect(save()).toBeEnabled()
    expect(screen.queryByLabelText('Loading…')).not.toBeInTheDocument()
    await user.type(name(), ' typed')
    refetch.open()
    await act(() => refetched)

    expect(queryClient.getQueryData<{ data: { name: string } }>(recordKey)?.data.name).toBe('Changed')
    // The screen has the changed record, and the form still holds what was typed.
    expect(await screen.findByText('Stored: Changed')).toBeInTheDocument()
    expect(name()).toHaveValue('First typed')
    await user.click(save())
    await waitFor(() => expect(router.state.location.pathname).toBe(BACK))
    expect(server.callsTo(PUT).map((call) => call.body)).toEqual([{ name: 'First typed' }])
  })
})

describe('useEditController when the same screen is shown for another record', () => {
  it("fills in the other record, and saves it under its own id, never the first one's values", async () => {
    const server = fakeFetch({
      [GET]: record('Seven'),
      'GET /api/admin/things/8': () => ok({ id: '8', name: 'Eight' }),
      'PUT /api/admin/things/8': [(call) => ok({ id: '8', ...(call.body as object) })],
    })
    const user = userEvent.setup()
    const { router } = showEdit()
    await waitFor(() => expect(name()).toHaveValue('Seven'))
    // Back or forward in the history to another record keeps the page mounted; only :id changes.
    await act(() => router.navigate('/things/8'))
    await waitFor(() => expect(name()).toHaveValue('Eight'))
    await user.click(save())
    await waitFor(() => expect(router.state.location.pathname).toBe(BACK))
    expect(server.callsTo('PUT /api/admin/things/8').map((call) => call.body)).toEqual([{ name: 'Eight' }])
  })
})

describe('useEditController through an add screen', () => {
  it('loads nothing: the form is ready at once, and a save sends save.input(body, undefined)', async () => {
    const success = vi.spyOn(notify, 'success')
    const server = fakeFetch({ [POST]: [(call) => ok({ id: '8', ...(call.body as object) })] })
    const input = vi.fn<CreateInput>((body) => ({ body }))
    const user = userEvent.setup()
    const { router } = renderAt(<ThingCreate input={input} />, '/things/new', '/things/new')
    expect(screen.getByRole('form', { name: 'Add Thing' })).toHaveAttribute('aria-busy', 'false')
    expect(save()).toBeEnabled()
    expect(screen.queryByLabelText('Loading…')).not.toBeInTheDocument()

    await user.click(save())
    await waitFor(() => expect(name()).toHaveAccessibleDescription('This field is required'))
    expect(server.calls).toHaveLength(0)

    await user.type(name(), 'New thing')
    await user.click(save())
    await waitFor(() => expect(router.state.location.pathname).toBe(BACK))
    expect(input).toHaveBeenCalledWith({ name: 'New thing' }, undefined)
    expect(success).toHaveBeenCalledWith('Thing added')
    expect(server.calls.map((call) => `${call.method} ${call.path}`)).toEqual([POST])
    expect(server.calls[0]!.body).toEqual({ name: 'New thing' })
  })
})

/** A thing at a version, as the server answers it (CONTRACT 4.6). */
const at = (name: string, version: number) => () => ok({ id: '7', name, version })
/** The 409 of an edit made from an older version: the record as it is now in `data`. */
const editedMeanwhile = (name: string, version: number) => () =>
  json(409, { ...refusalBody(409, 'editedMeanwhile'), data: { id: '7', name, version } })
const dialog = () => screen.getByRole('dialog', { name: 'Changed by someone else' })
const sentBodies = (server: ReturnType<typeof fakeFetch>) => server.callsTo(PUT).map((call) => call.body)

describe('useEditController when the record has a version (edited meanwhile, CONTRACT 4.6)', () => {
  it('sends the version the form was filled from in the body the screen built, not a later one', async () => {
    const refetch = gate()
    const server = fakeFetch({
      [GET]: [
        at('First', 3),
        async () => {
          await refetch.closed
          return ok({ id: '7', name: 'Changed', version: 5 })
        },
      ],
      [PUT]: [(call) => ok({ id: '7', ...(call.body as object) })],
    })
    const input = updateInput()
    const user = userEvent.setup()
    const { router, queryClient } = showEdit(input)
    await waitFor(() => expect(name()).toHaveValue('First'))
    // A refetch meanwhile (another part of the app changed things) does not move the version the form is from.
    let refetched: Promise<void> = Promise.resolve()
    act(() => {
      refetched = queryClient.invalidateQueries({ queryKey: ['things'] })
    })
    refetch.open()
    await act(() => refetched)
    expect(await screen.findByText('Stored: Changed')).toBeInTheDocument()
    await user.type(name(), ' edited')
    await user.click(save())

    await waitFor(() => expect(router.state.location.pathname).toBe(BACK))
    // The screen's input had only the form's values; the controller added the version.
    expect(input).toHaveBeenCalledWith({ name: 'First edited' }, '7')
    expect(sentBodies(server)).toEqual([{ name: 'First edited', version: 3 }])
  })

  it('asks when someone else saved first: no toast, nothing dropped, and Cancel keeps editing', async () => {
    const failure = vi.spyOn(notify, 'error')
    const success = vi.spyOn(notify, 'success')
    const server = fakeFetch({
      [GET]: [at('First', 3)],
      [PUT]: [editedMeanwhile('Theirs', 4), editedMeanwhile('Theirs', 4)],
    })
    const user = userEvent.setup()
    const { router } = showEdit()
    await waitFor(() => expect(name()).toHaveValue('First'))
    await user.clear(name())
    await user.type(name(), 'Mine')
    await user.click(save())

    expect(await screen.findByRole('dialog', { name: 'Changed by someone else' })).toBeInTheDocument()
    expect(dialog()).toHaveTextContent('Someone else saved this record after you opened it')
    expect(within(dialog()).getByRole('button', { name: 'Reload' })).toBeInTheDocument()
    expect(failure).not.toHaveBeenCalled()
    expect(success).not.toHaveBeenCalled()
    expect(router.state.location.pathname).toBe('/things/7')

    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // Nothing was reloaded and nothing typed is lost.
    expect(name()).toHaveValue('Mine')
    expect(server.callsTo(GET)).toHaveLength(1)

    // Saving again from the same version meets the same answer, and the same question: never a silent overwrite.
    await user.click(save())
    expect(await screen.findByRole('dialog', { name: 'Changed by someone else' })).toBeInTheDocument()
    expect(sentBodies(server)).toEqual([
      { name: 'Mine', version: 3 },
      { name: 'Mine', version: 3 },
    ])
    // Closing the dialog is Cancel too.
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(name()).toHaveValue('Mine')
    expect(failure).not.toHaveBeenCalled()
  })

  it('says who saved meanwhile and when, and which fields differ from what is stored now, by their labels', async () => {
    const theirs = () =>
      json(409, {
        ...refusalBody(409, {
          code: 'editedMeanwhile',
          params: { by: 'Lê Thu Hà', at: '2026-06-03T03:42:00.000Z' },
        }),
        data: { id: '7', name: 'Theirs', version: 4 },
      })
    fakeFetch({ [GET]: [at('First', 3)], [PUT]: [theirs, theirs] })
    const user = userEvent.setup()
    showEdit()
    await waitFor(() => expect(name()).toHaveValue('First'))
    await user.clear(name())
    await user.type(name(), 'Mine')
    await user.click(save())
    await screen.findByRole('dialog', { name: 'Changed by someone else' })
    // In the shop's time zone, as every time on screen.
    expect(dialog()).toHaveTextContent(
      'Lê Thu Hà saved this record at 2026-06-03 10:42, after you opened it, so your changes were not saved.',
    )
    const differs = within(dialog()).getByRole('list', {
      name: 'What you are saving differs from what is stored now in:',
    })
    expect(
      within(differs)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Name'])
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    // Typed what they saved: nothing differs, and the dialog lists nothing.
    await user.clear(name())
    await user.type(name(), 'Theirs')
    await user.click(save())
    await screen.findByRole('dialog', { name: 'Changed by someone else' })
    expect(within(dialog()).queryByRole('list')).not.toBeInTheDocument()
  })

  it('reloads the record into the form on Reload, then saves from its version', async () => {
    const success = vi.spyOn(notify, 'success')
    const server = fakeFetch({
      [GET]: [at('First', 3), at('Theirs', 4)],
      [PUT]: [editedMeanwhile('Theirs', 4), (call) => ok({ id: '7', ...(call.body as object) })],
    })
    const user = userEvent.setup()
    const { router } = showEdit()
    await waitFor(() => expect(name()).toHaveValue('First'))
    await user.clear(name())
    await user.type(name(), 'Mine')
    await user.click(save())
    await screen.findByRole('dialog', { name: 'Changed by someone else' })

    await user.click(within(dialog()).getByRole('button', { name: 'Reload' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // The record as the server has it now, loaded afresh; what was typed is gone because the user chose so.
    expect(server.callsTo(GET)).toHaveLength(2)
    expect(name()).toHaveValue('Theirs')
    expect(screen.getByText('Stored: Theirs')).toBeInTheDocument()

    await user.type(name(), ' and mine')
    await user.click(save())
    await waitFor(() => expect(router.state.location.pathname).toBe(BACK))
    expect(sentBodies(server)).toEqual([
      { name: 'Mine', version: 3 },
      { name: 'Theirs and mine', version: 4 },
    ])
    expect(success).toHaveBeenCalledWith('Thing saved')
  })

  it('leaves the form unguarded after Reload: what shows is what is stored, so leaving does not ask', async () => {
    fakeFetch({ [GET]: [at('First', 3), at('Theirs', 4)], [PUT]: [editedMeanwhile('Theirs', 4)] })
    const user = userEvent.setup()
    const { router } = showEdit()
    await waitFor(() => expect(name()).toHaveValue('First'))
    await user.type(name(), '!')
    await user.click(save())
    await screen.findByRole('dialog', { name: 'Changed by someone else' })
    await user.click(within(dialog()).getByRole('button', { name: 'Reload' }))
    await waitFor(() => expect(name()).toHaveValue('Theirs'))
    await user.click(screen.getByRole('link', { name: 'Cancel' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(BACK))
  })

  it('sends no version for a record that carries none', async () => {
    const server = fakeFetch({
      [GET]: [record('First')],
      [PUT]: [(call) => ok({ id: '7', ...(call.body as object) })],
    })
    const user = userEvent.setup()
    const { router } = showEdit()
    await waitFor(() => expect(name()).toHaveValue('First'))
    await user.click(save())
    await waitFor(() => expect(router.state.location.pathname).toBe(BACK))
    expect(sentBodies(server)).toEqual([{ name: 'First' }])
  })
})
