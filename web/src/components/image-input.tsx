import { ActionIcon, Box, Button, Group, Input, Loader, Stack, Text } from '@mantine/core'
import { ACCEPTED_IMAGE_TYPES, UPLOAD_FIELD } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { IconPhotoPlus, IconX } from '@tabler/icons-react'
import { type Ref, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../lib/http.ts'
import { useStoreConfig } from '../lib/store-config.tsx'
import { notify } from '../lib/toast.ts'
import { Thumb } from './thumb.tsx'

/** Sends files to `POST /api/file`, one `file` part each, and answers their stored paths. */
export async function uploadImages(files: File[]): Promise<string[]> {
  const form = new FormData()
  for (const file of files) form.append(UPLOAD_FIELD, file)
  const answer = await api(endpoints.files.upload, { body: form })
  return answer.data
}

/**
 * Images of a form as stored paths, with previews, a remove button on each and a button that uploads more.
 * `multiple` keeps every uploaded image (product images, up to `max`); otherwise a new upload replaces the
 * one there is (brand logo). A refused upload (413 too large, 415 not an image) is toasted with the server's
 * message and leaves the value as it was, so the form never saves without the picture the user chose.
 *
 * @example <ImageInput label="Images" multiple max={10} value={paths} onChange={setPaths} error={errors.images} />
 */
export function ImageInput({
  label,
  value,
  onChange,
  multiple = false,
  max = multiple ? 10 : 1,
  error,
  required,
  onBlur,
  description,
  previewAlt,
  onUploadingChange,
  ref,
}: {
  label: string
  value: string[]
  onChange: (paths: string[]) => void
  multiple?: boolean
  max?: number
  error?: string
  required?: boolean
  onBlur?: () => void
  /** A hint under the label. */
  description?: string
  /** The alt text of the preview at `index` (0-based); 'Image 1', 'Image 2'… by default. */
  previewAlt?: (index: number) => string
  /** Tells the form an upload is running, so it can hold its Save until the paths are known. */
  onUploadingChange?: (uploading: boolean) => void
  /** Focus goes to the upload button (react-hook-form focuses a field with an error through it). */
  ref?: Ref<HTMLButtonElement>
}) {
  const { t } = useTranslation()
  const inputId = useId()
  const { uploadMaxMb } = useStoreConfig()
  const input = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)
  // A single image is replaced, so there is always room for one.
  const room = multiple ? Math.max(max - value.length, 0) : 1

  const setBusy = (busy: boolean) => {
    setUploading(busy)
    onUploadingChange?.(busy)
  }

  const upload = async (files: File[]) => {
    if (files.length === 0) return
    const fitting = multiple ? files.slice(0, room) : files.slice(-1)
    if (fitting.length < files.length && multiple) notify.info(t('common.image.tooMany', { count: room }))
    if (fitting.length === 0) return
    setBusy(true)
    try {
      const stored = await uploadImages(fitting)
      // A single image keeps the last one uploaded (spec section 7, upload rules).
      onChange(multiple ? [...value, ...stored].slice(0, max) : stored.slice(-1))
    } catch (failure) {
      // The server names the part (`file: Not an image we accept…`) for API clients; a person reads the
      // message without the field's name.
      notify.error(failure, { withField: false })
    } finally {
      setBusy(false)
      onBlur?.()
      // The same file chosen again must fire `change` again.
      if (input.current) input.current.value = ''
    }
  }

  const errorId = `${inputId}-error`
  const descriptionId = `${inputId}-description`
  const hintId = `${inputId}-hint`
  const describedBy = [error ? errorId : '', description ? descriptionId : '', hintId].join(' ').trim()
  const alt = (index: number) => previewAlt?.(index) ?? t('common.image.preview', { index: index + 1 })

  return (
    <Input.Wrapper id={inputId} label={label} description={description} error={error} required={required}>
      {/* Room above the previews for the remove buttons, which stick out of each picture's corner. */}
      <Stack gap="xs" mt={value.length > 0 ? 12 : 4}>
        {value.length > 0 && (
          <Group gap="sm" role="list" aria-label={t('common.image.previews')}>
            {value.map((path, index) => (
              <Box key={path} pos="relative" role="listitem">
                <Thumb path={path} alt={alt(index)} size={88} />
                <ActionIcon
                  size="sm"
                  radius="xl"
                  color="red"
                  variant="filled"
                  pos="absolute"
                  top={-6}
                  right={-6}
                  aria-label={t('common.image.remove', { index: index + 1 })}
                  disabled={uploading}
                  onClick={() => {
                    onChange(value.filter((p) => p !== path))
                    onBlur?.()
                  }}
                >
                  <IconX size={14} aria-hidden />
                </ActionIcon>
              </Box>
            ))}
          </Group>
        )}
        <Group gap="sm">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            multiple={multiple}
            hidden
            onChange={(event) => void upload([...(event.currentTarget.files ?? [])])}
          />
          <Button
            ref={ref}
            variant="light"
            color={error ? 'red' : undefined}
            leftSection={uploading ? <Loader size={14} /> : <IconPhotoPlus size={16} aria-hidden />}
            disabled={uploading || room <= 0}
            aria-describedby={describedBy}
            onClick={() => input.current?.click()}
          >
            {uploading
              ? t('common.image.uploading')
              : multiple
                ? t('common.image.uploadMany')
                : value.length > 0
                  ? t('common.image.replace')
                  : t('common.image.upload')}
          </Button>
          <Text id={hintId} size="xs" c="dimmed">
            {t('common.image.hint', { mb: uploadMaxMb })}
          </Text>
        </Group>
      </Stack>
    </Input.Wrapper>
  )
}
