import { Center, Image } from '@mantine/core'
import { IconPhoto } from '@tabler/icons-react'
import { fileUrl } from '../lib/paths.ts'

/** A small picture from the file endpoint, or a placeholder when there is none. */
export function Thumb({
  path,
  alt,
  size = 48,
}: {
  path: string | null | undefined
  alt: string
  size?: number
}) {
  if (!path) {
    return (
      <Center w={size} h={size} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 6 }}>
        <IconPhoto size={size / 2} color="var(--mantine-color-dimmed)" aria-label={alt} />
      </Center>
    )
  }
  return (
    <Image
      src={fileUrl(path)}
      alt={alt}
      w={size}
      h={size}
      fit="cover"
      radius="sm"
      loading="lazy"
      style={{ flex: '0 0 auto' }}
    />
  )
}
