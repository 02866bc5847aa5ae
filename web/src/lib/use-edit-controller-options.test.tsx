import { zodResolver } from '@hookform/resolvers/zod'
import { TextInput } from '@mantine/core'
import { defineEndpoints, envelope, idParams, requiredText } from '@store/contract'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Resolver } from 'react-hook-form'
import { useParams } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { EditScreen } from '../components/edit-screen.tsx'
import { type FetchCall, fakeFetch, json, ok, refusal, refusalBody } from '../test/fake-fetch.ts'
import { renderAt } from '../test/render.tsx'
import { notify } from './toast.ts'
import { type EditControllerOptions, useEditController } from './use-edit-controller.ts'

/** A resource of three fields, so what a save leaves out can be seen. */
const widget = z.object({
  id: z.string(),
  name: z.string(),
  colour: z.string(),
  size: z.string(),
  version: z.number(),
})
type Widget = z.infer<typeof widget>
const widgetBody = z.object({ name: requiredText(50), colour: z.string().trim(), size: z.string().trim() })
type WidgetBody = z.infer<typeof widgetBody>
type WidgetValues = WidgetBody

const widgets = defineEndpoints('things', {
  get: {
    method: 'GET',
    path: '/admin/widgets/:id',
    summary: 'One widget',
    permission: 'catalog:read',
    params: idParams,
    answer: envelope(widget),
  },
  update: {
    method: 'PUT',
    path: '/admin/widgets/:id',
    summary: 'Change a widget, field by field',
    permission: 'catalog:write',
    params: idParams,
    body: widgetBody.partial().extend({ version: z.number().optional() }),
    audit: { entity: 'product', action: 'update' },
    answer: envelope(widget),
  },
})

const resolver = zodResolver(widgetBody) as Resolver<WidgetValues, unknown, WidgetBody>
const BACK = '/widgets'
const GET = 'GET /api/admin/widgets/7'
const PUT = 'PUT /api/admin/widgets/7'
const STORED: Widget = { id: '7', name: 'First', colour: 'red', size: 'M', version: 3 }
const toValues = ({ name, colour, size }: Widget): WidgetValues => ({ name, colour, size })

/**
 * The server as CONTRACT 4.6 has it: a save from the stored version changes the fields it sends and raises
 * the version; a save from any other version is refused as edited meanwhile. Names are stored in capitals, so
 * a screen can tell the record as saved from what was typed.
 */
function widgetServer(start: Widget = STORED) {
  let stored = start
  return fakeFetch({
    [GET]: () => ok(stored),
    [PUT]: (call: FetchCall) => {
      const { version, ...fields } = call.body as Partial<WidgetBody> & { version?: number }
      if (version !== stored.version)
        return json(409, { ...refusalBody(409, 'editedMeanwhile'), data: stored })
      stored = {
        ...stored,
        ...fields,
        ...(fields.name !== undefined && { name: fields.name.toUpperCase() }),
        version: stored.version + 1,
      }
      return ok(stored)
    },
  })
}

/** The controller's options for a widget, the body loosely typed: each test picks which options shape it. */
type WidgetOptions = EditControllerOptions<
  WidgetValues,
  WidgetBody,
  typeof widgets.get,
  typeof widgets.update,
  boolean,
  object
>
type Options = Partial<WidgetOptions>

/** A widget's edit screen, with the options a test gives on top of the usual ones. */
function WidgetEdit({ extra }: { extra: Options }) {
  const { id = '' } = useParams()
  const edit = useEditController({
    load: { endpoint: widgets.get, id },
    toValues,
    empty: { name: '', colour: '', size: '' },
    resolver,
    save: { endpoint: widgets.update, input: (body: object) => ({ params: { id }, body }) },
    back: BACK,
    saved: 'Widget saved',
    ...extra,
  } as WidgetOptions)
  const { register } = edit.form
  return (
    <EditScreen title="Edit Widget" crumbs={[{ label: 'Widgets', to: BACK }, { label: 'Edit' }]} edit={edit}>
      <TextInput label="Name" {...register('name')} />
      <TextInput label="Colour" {...register('colour')} />
      <TextInput label="Size" {...register('size')} />
      <p>{`Stored version: ${edit.record?.version ?? 'none'}`}</p>
      {edit.refusal && <p role="alert">{edit.refusal}</p>}
    </EditScreen>
  )
}

const show = (extra: Options = {}) => renderAt(<WidgetEdit extra={extra} />, '/widgets/7', '/widgets/:id')
const field = (label: string) => screen.getByLabelText(label)
const save = () => screen.getByRole('button', { name: 'Save' })
const sent = (server: ReturnType<typeof fakeFetch>) => server.callsTo(PUT).map((call) => call.body)
const loaded = () => waitFor(() => expect(field('Name')).toHaveValue('First'))

afterEach(() => {
  vi.restoreAllMocks()
})

describe('useEditController with stay', () => {
  it('stays once saved, with the form reset to the record as saved and its version', async () => {
    const success = vi.spyOn(notify, 'success')
    const server = widgetServer()
    const user = userEvent.setup()
    const { router } = show({ stay: true })
    await loaded()
    await user.clear(field('Name'))
    await user.type(field('Name'), 'Second')
    await user.click(save())

    await waitFor(() => expect(success).toHaveBeenCalledWith('Widget saved'))
    // The server's record, not what was typed: the form starts again from it.
    await waitFor(() => expect(field('Name')).toHaveValue('SECOND'))
    expect(screen.getByText('Stored version: 4')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/widgets/7')

    // A second save goes from the new version: not refused as edited meanwhile.
    await user.type(field('Colour'), 'dish')
    await user.click(save())
    await waitFor(() => expect(field('Colour')).toHaveValue('reddish'))
    await waitFor(() => expect(screen.getByText('Stored version: 5')).toBeInTheDocument())
    expect(sent(server).map((body) => (body as { version: number }).version)).toEqual([3, 4])
    expect(screen.queryByRole('dialog', { name: 'Changed by someone else' })).not.toBeInTheDocument()
    expect(success).toHaveBeenCalledTimes(2)
  })

  it('counts changes from the record as saved: leaving asks after a new one, not once it is undone', async () => {
    widgetServer()
    const user = userEvent.setup()
    const { router } = show({ stay: true })
    await loaded()
    await user.type(field('Size'), 'L')
    await user.click(save())
    await waitFor(() => expect(screen.getByText('Stored version: 4')).toBeInTheDocument())

    // The saved form is the form's start again: a change after the save is unsaved, and leaving asks.
    await user.type(field('Size'), 'X')
    await user.click(screen.getByRole('link', { name: 'Cancel' }))
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Stay' }))
    await user.clear(field('Size'))
    await user.type(field('Size'), 'ML')
    await user.click(screen.getByRole('link', { name: 'Cancel' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(BACK))
  })
})

describe('useEditController with transform', () => {
  it('sends what the transform makes of the body, with the record it was filled from and the version', async () => {
    const server = widgetServer()
    const transform = vi.fn((body: object, { record }: { record: Widget | undefined }) => ({
      ...body,
      colour: `${record?.colour}-${(body as WidgetBody).colour}`,
    }))
    const user = userEvent.setup()
    const { router } = show({ transform })
    await loaded()
    await user.clear(field('Colour'))
    await user.type(field('Colour'), ' blue ')
    await user.click(save())

    await waitFor(() => expect(router.state.location.pathname).toBe(BACK))
    // The transform gets the checked body (trimmed by the rules), and its answer is what goes.
    expect(transform).toHaveBeenCalledWith(
      { name: 'First', colour: 'blue', size: 'M' },
      { checked: { name: 'First', colour: 'blue', size: 'M' }, record: STORED },
    )
    expect(sent(server)).toEqual([{ name: 'First', colour: 'red-blue', size: 'M', version: 3 }])
  })
})

describe('useEditController with onlyChanged', () => {
  it('sends only the fields changed since the form was filled, with the version', async () => {
    const server = widgetServer()
    const user = userEvent.setup()
    const { router } = show({ onlyChanged: true })
    await loaded()
    await user.clear(field('Colour'))
    await user.type(field('Colour'), 'blue')
    // Changed and changed back is no change.
    await user.type(field('Size'), 'L')
    await user.type(field('Size'), '{Backspace}')
    await user.click(save())

    await waitFor(() => expect(router.state.location.pathname).toBe(BACK))
    expect(sent(server)).toEqual([{ colour: 'blue', version: 3 }])
  })

  it('sends the version alone when nothing changed, and hands the transform the changed part only', async () => {
    const server = widgetServer()
    const transform = vi.fn((changed: object) => changed)
    const user = userEvent.setup()
    show({ onlyChanged: true, stay: true, transform })
    await loaded()
    await user.click(save())
    await waitFor(() => expect(sent(server)).toEqual([{ version: 3 }]))
    expect(transform).toHaveBeenLastCalledWith(
      {},
      expect.objectContaining({ checked: { name: 'First', colour: 'red', size: 'M' } }),
    )

    // After a save that stays, a change is counted from the record as saved.
    await waitFor(() => expect(screen.getByText('Stored version: 4')).toBeInTheDocument())
    await user.type(field('Name'), '!')
    await user.click(save())
    await waitFor(() => expect(sent(server)).toHaveLength(2))
    expect(sent(server)[1]).toEqual({ name: 'First!', version: 4 })
  })
})

describe('useEditController with placeRefusal and onSaved', () => {
  it('shows a refusal the screen’s way instead of a toast, and clears it at the next save', async () => {
    const failure = vi.spyOn(notify, 'error')
    const onSaved = vi.fn()
    fakeFetch({
      [GET]: () => ok(STORED),
      [PUT]: [() => refusal(409, 'lastAdmin'), () => ok({ ...STORED, version: 4 })],
    })
    const placeRefusal = vi.fn(() => 'Not saved: the last one')
    const user = userEvent.setup()
    const { router } = show({ placeRefusal, onSaved, stay: true })
    await loaded()
    await user.click(save())
    expect(await screen.findByRole('alert')).toHaveTextContent('Not saved: the last one')
    expect(failure).not.toHaveBeenCalled()
    expect(placeRefusal).toHaveBeenCalledWith(expect.anything(), expect.any(Function), [
      'name',
      'colour',
      'size',
    ])

    await user.click(save())
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(onSaved.mock.calls[0]![0]).toMatchObject({ data: { ...STORED, version: 4 } })
    expect(router.state.location.pathname).toBe('/widgets/7')
  })
})
