// The changes feed's cursor: a position (a change number) bound to the feed and the creator. The
// first page of a /reports walk and the reports.changed webhook events hand one out too.
import { cursorScope, type CursorCodec } from '../../cursor.js'

export const CHANGES_SCOPE = 'creator.reports.changes'

export const changesScope = (creatorId: string) => cursorScope(CHANGES_SCOPE, creatorId, {})

/** The feed cursor at a position: following the feed from it gives every later change. */
export const changesCursorAt = (cursors: CursorCodec, creatorId: string, position: number): string =>
  cursors.encode(changesScope(creatorId), [position])
