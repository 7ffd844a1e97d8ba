/**
 * CVSS scores (docs/operating/security-advisories.md#cvss): published vectors scored by the
 * server's `scoreVector` (the ae-cvss-calculator library) match the scores their publishers give.
 * Sources: FIRST's "CVSS v3.1 Examples" document (the CVE ids named), NVD's entry for
 * CVE-2021-44228, FIRST's "CVSS v4.0 Examples" and the v4.0 calculator's examples, and the v4.0
 * specification's qualitative scale. A vector the server must refuse says why in words.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { CvssVectorError, highestScore, scoreVector } from '../../server/advisories/cvss.js'

const cvss = suite('CVSS scores of published vectors')

/** [source, vector, base score, rating]. */
const PUBLISHED: [string, string, number, string][] = [
  // FIRST CVSS v3.1 Examples.
  ['CVE-2014-0160 Heartbleed', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N', 7.5, 'High'],
  ['CVE-2014-6271 Shellshock', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 9.8, 'Critical'],
  ['CVE-2013-1937 phpMyAdmin reflected XSS', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N', 6.1, 'Medium'],
  ['CVE-2013-0375 MySQL stored SQL injection', 'CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:C/C:L/I:L/A:N', 6.4, 'Medium'],
  ['CVE-2014-3566 SSLv3 POODLE', 'CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:N/A:N', 3.1, 'Low'],
  ['CVE-2012-1516 VMware guest to host escape', 'CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:C/C:H/I:H/A:H', 9.9, 'Critical'],
  ['CVE-2009-0783 Apache Tomcat XML parser', 'CVSS:3.1/AV:L/AC:L/PR:H/UI:N/S:U/C:L/I:L/A:L', 4.2, 'Medium'],
  ['CVE-2012-0384 Cisco IOS command injection', 'CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H', 8.8, 'High'],
  ['CVE-2015-1098 Apple iWork', 'CVSS:3.1/AV:L/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H', 7.8, 'High'],
  ['CVE-2014-2005 Sophos login screen bypass', 'CVSS:3.1/AV:P/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 6.8, 'Medium'],
  // NVD.
  ['CVE-2021-44228 Log4Shell (NVD)', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H', 10, 'Critical'],
  ['v3.1 no impact', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:N', 0, 'None'],
  // FIRST CVSS v4.0 Examples and calculator.
  ['CVE-2014-0160 Heartbleed (v4.0)', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:N/VA:N/SC:N/SI:N/SA:N', 8.7, 'High'],
  ['v4.0 vulnerable system fully impacted', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', 9.3, 'Critical'],
  ['v4.0 everything high', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:H/SI:H/SA:H', 10, 'Critical'],
  ['v4.0 subsequent system only', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:N/SC:H/SI:H/SA:H', 7.9, 'High'],
  ['v4.0 low impacts', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:L/VI:L/VA:L/SC:N/SI:N/SA:N', 6.9, 'Medium'],
  ['v4.0 local, attack requirements', 'CVSS:4.0/AV:L/AC:L/AT:P/PR:L/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', 7.3, 'High'],
  ['v4.0 passive user interaction', 'CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:P/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', 7.7, 'High'],
  ['v4.0 mixed impacts', 'CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:N/VC:H/VI:L/VA:L/SC:N/SI:N/SA:N', 8.3, 'High'],
  ['v4.0 active user interaction, local', 'CVSS:4.0/AV:L/AC:L/AT:N/PR:N/UI:A/VC:L/VI:N/VA:N/SC:N/SI:N/SA:N', 4.6, 'Medium'],
  ['v4.0 no impact', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:N/SC:N/SI:N/SA:N', 0, 'None'],
]

cvss('every published vector scores as its publisher says', () => {
  for (const [source, vector, score, rating] of PUBLISHED) {
    const got = scoreVector(vector)
    assert.is(got.score, score, `${source}: score`)
    assert.is(got.rating, rating, `${source}: rating`)
    assert.is(got.vector, vector, `${source}: vector kept`)
    assert.is(got.version, vector.slice(5, 8), `${source}: version`)
  }
})

cvss('a vector the server refuses says what is wrong in words', () => {
  const refusals: [string, RegExp][] = [
    ['9.8', /must start with "CVSS:3.1\/" or "CVSS:4.0\/"/],
    ['CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', /not a CVSS v3.1 or v4.0 vector/],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H', /lacks the base metric A: pick a value/],
    ['CVSS:3.1/AV:N/AV:L/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', /names the metric AV twice/],
    ['CVSS:3.1/AV:Q/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', /AV:Q is not a CVSS v3.1 value: AV takes N, A, L, P/],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H', /lacks the base metrics SC, SI, SA/],
    ['CVSS:3.1/AV:N//AC:L', /is not a metric: write each metric as KEY:VALUE/],
  ]
  for (const [vector, message] of refusals) {
    assert.throws(
      () => scoreVector(vector),
      (e: unknown) => e instanceof CvssVectorError && message.test((e as Error).message),
      vector,
    )
  }
  assert.throws(
    () => scoreVector('CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', '3.1'),
    (e: unknown) => /This field takes a CVSS v3.1 vector/.test((e as Error).message),
  )
})

cvss('the highest score prefers v4.0 on a tie and skips missing vectors', () => {
  const v3 = scoreVector('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H')
  const v4 = scoreVector('CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:H/SI:H/SA:H')
  const low = scoreVector('CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:N/A:N')
  assert.is(highestScore([v3, null, v4])?.version, '4.0')
  assert.is(highestScore([low, null])?.score, 3.1)
  assert.is(highestScore([null, null]), null)
})

cvss.run()
