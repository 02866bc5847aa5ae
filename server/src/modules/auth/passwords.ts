import { hash, verify } from '@node-rs/argon2'

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const options = {
  algorithm: 2 /* Algorithm.Argon2id: a const enum, not importable as a value */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
}

export const hashPassword = (password: string) => hash(password, options)

/** A hash of a password nobody has, so an unknown email costs as long to refuse as a wrong password. */
let decoy: Promise<string> | undefined

export async function checkPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hashPassword(crypto.randomUUID())
    await verify(await decoy, password).catch(() => false)
    return false
  }
  return verify(passwordHash, password).catch(() => false)
}
