import { ActionIcon, Button, Group, Input, Loader, Stack, Text } from '@mantine/core'
import { ACCEPTED_IMAGE_TYPES } from '@store/contract'
import { IconPhotoPlus, IconX } from '@tabler/icons-react'
import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type Answer, http } from '../lib/http.ts'
import { notify } from '../lib/toast.ts'
import { Thumb } from './thumb.tsx'

/** Sends files to `POST /api/file`, one `file` part each, and answers their stored paths. */
export async function uploadImages(files: File[]): Promise<string[]> {
  const form = new FormData()
  for (const file of files) form.append('file', file)
  const answer = await http.post<Answer<string[]>>('/file', form)
  return answer.data
}

/**
 * Images of a form as stored paths, with previews, a remove button on each and a button that uploads more.
 * `multiple` keeps every uploaded image (product images, up to `max`); otherwise a new upload replaces the
 * one there is (brand logo).
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
}: {
  label: string
  value: string[]
  onChange: (paths: string[]) => void
  multiple?: boolean
  max?: number
  error?: string
  required?: boolean
  onBlur?: () => void
}) {
  const { t } = useTranslation()
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)
  const room = multiple ? max - value.length : 1

  const upload = async (files: File[]) => {
    if (files.length === 0) return
    setUploading(true)
    try {
      const stored = await uploadImages(files.slice(0, Math.max(room, 0)))
      // A single image keeps the last one uploaded (spec section 7, upload rules).
      onChange(multiple ? [...value, ...stored].slice(0, max) : stored.slice(-1))
    } catch (failure) {
      notify.error(failure)
    } finally {
      setUploading(false)
      onBlur?.()
      if (input.current) input.current.value = ''
    }
  }

  return (
    <Input.Wrapper label={label} labelProps={{ htmlFor: inputId }} error={error} required={required}>
      <Stack gap="xs" mt={4}>
        {value.length > 0 && (
          <Group gap="sm">
            {value.map((path, index) => (
              <div key={path} style={{ position: 'relative' }}>
                <Thumb path={path} alt={t('common.image.preview', { index: index + 1 })} size={88} />
                <ActionIcon
                  size="sm"
                  radius="xl"
                  color="red"
                  variant="filled"
                  style={{ position: 'absolute', top: -6, right: -6 }}
                  aria-label={t('common.image.remove', { index: index + 1 })}
                  onClick={() => {
                    onChange(value.filter((p) => p !== path))
                    onBlur?.()
                  }}
                >
                  <IconX size={14} />
                </ActionIcon>
              </div>
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
            variant="light"
            leftSection={uploading ? <Loader size={14} /> : <IconPhotoPlus size={16} />}
            disabled={uploading || room <= 0}
            onClick={() => input.current?.click()}
          >
            {uploading
              ? t('common.image.uploading')
              : multiple
                ? t('common.image.uploadMany')
                : t('common.image.upload')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('common.image.hint', { mb: 5 })}
          </Text>
        </Group>
      </Stack>
    </Input.Wrapper>
  )
}
