import { test } from 'node:test'
import assert from 'node:assert/strict'
import { heapFlags } from '../src/heap-flags.js'

test('heap flags: the default, the operator\'s override, their own flags kept, nonsense refused', () => {
  assert.deepEqual(heapFlags({}, []), ['--max-old-space-size=128', '--max-semi-space-size=4'])
  assert.deepEqual(heapFlags({ CSAPI_NODE_HEAP_FLAGS: '--max-old-space-size=512' }, []), ['--max-old-space-size=512'])
  assert.deepEqual(heapFlags({ CSAPI_NODE_HEAP_FLAGS: '' }, []), [])
  assert.deepEqual(heapFlags({}, ['--max-old-space-size=64']), [])
  assert.deepEqual(heapFlags({ NODE_OPTIONS: '--enable-source-maps --max_semi_space_size=2' }, []), [])
  assert.deepEqual(heapFlags({ NODE_OPTIONS: '--enable-source-maps' }, []), ['--max-old-space-size=128', '--max-semi-space-size=4'])
  assert.throws(() => heapFlags({ CSAPI_NODE_HEAP_FLAGS: '--inspect' }, []), /CSAPI_NODE_HEAP_FLAGS takes .* \(got "--inspect"\)/)
  assert.throws(() => heapFlags({ CSAPI_NODE_HEAP_FLAGS: '--max-old-space-size=lots' }, []), /got "--max-old-space-size=lots"/)
})
