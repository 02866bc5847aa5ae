import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { migrate, openDatabase } from '../src/db/client.ts'

// The projects that run on TEST_DATABASE_URL's server: one database migrated once for the whole run, which
// each test file copies (`create database … template`, helpers.ts) instead of migrating a database of its own.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database each test file's database is a copy of. */
    pgTemplate: string
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) throw new Error('the PostgreSQL projects need TEST_DATABASE_URL')
  const name = `store_test_template_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    try {
      await admin.query(statement)
    } finally {
      await admin.end()
    }
  }
  const drop = () => run(`drop database if exists ${name} with (force)`)
  await run(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  try {
    // Two connections: `migrate` holds one for its lock while the migrations run on the other. Closed before any
    // copy is made: PostgreSQL copies a database only while nobody is connected to it.
    const database = await openDatabase({ url: url.toString(), poolSize: 2 })
    try {
      await migrate(database)
    } finally {
      await database.close()
    }
  } catch (error) {
    await drop()
    throw error
  }
  project.provide('pgTemplate', name)
  return drop
}
