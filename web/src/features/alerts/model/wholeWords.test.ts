import { describe, expect, it } from 'vitest'
import { matchesAlert, partialWordAdvice, partialWordText, replaceKeyword, titleWords } from './wholeWords'

describe('a title’s words, split as the server splits them', () => {
  it('keeps c#, c++, .net and node.js whole', () => {
    expect(titleWords('C# Developer')).toEqual(['c#', 'developer'])
    expect(titleWords('C++ Engineer')).toEqual(['c++', 'engineer'])
    expect(titleWords('.NET Developer')).toEqual(['.net', 'developer'])
    expect(titleWords('Node.js / React')).toEqual(['node.js', 'react'])
  })

  it('drops a trailing full stop, and pieces with no letter or digit', () => {
    expect(titleWords('Sr. Analyst')).toEqual(['analyst', 'sr'])
    expect(titleWords('Sr... Analyst')).toEqual(['analyst', 'sr'])
    expect(titleWords('Developer - Sydney')).toEqual(['developer', 'sydney'])
    expect(titleWords(' - ')).toEqual([])
    expect(titleWords('++ ## ...')).toEqual([])
    expect(titleWords('')).toEqual([])
  })

  it('ignores case and keeps each word once, sorted', () => {
    expect(titleWords('Java JAVA java, JavaScript')).toEqual(['java', 'javascript'])
    expect(titleWords('DevOps Engineer (DevOps)')).toEqual(['devops', 'engineer'])
  })

  it('splits on other punctuation, keeping letters outside ASCII and digits', () => {
    expect(titleWords('Front-end/UI Développeur, Level 2')).toEqual(['2', 'développeur', 'end', 'front', 'level', 'ui'])
  })
})

describe('whether an alert’s keywords match a title', () => {
  it('needs every keyword word as a whole word, in any order, in any case', () => {
    expect(matchesAlert('java', 'Senior Java Developer')).toBe(true)
    expect(matchesAlert('developer JAVA', 'Senior Java Developer')).toBe(true)
    expect(matchesAlert('java', 'JavaScript Developer')).toBe(false)
    expect(matchesAlert('go', 'Django Developer')).toBe(false)
    expect(matchesAlert('java python', 'Java Developer')).toBe(false)
    expect(matchesAlert('c#', 'C# .NET Developer')).toBe(true)
    expect(matchesAlert('sr.', 'Sr. Analyst')).toBe(true)
  })

  it('matches nothing when the keywords hold no word', () => {
    expect(matchesAlert('', 'Developer')).toBe(false)
    expect(matchesAlert(' - ', 'Developer - Sydney')).toBe(false)
  })
})

describe('advice when the board shows jobs the alert would miss', () => {
  it('counts the misses and suggests the whole words “dev” begins', () => {
    expect(partialWordAdvice('dev', ['Senior Developer', 'DevOps Engineer', 'Dev Lead'])).toEqual({
      missed: 2,
      shown: 3,
      suggestions: [
        { word: 'developer', replaces: 'dev' },
        { word: 'devops', replaces: 'dev' },
      ],
    })
  })

  it('puts the words in most titles first, then alphabetically, at most three', () => {
    const titles = ['DevOps Engineer', 'Senior DevOps Engineer', 'Developer', 'Devsecops Lead', 'Device Tester', 'Android Developer']
    expect(partialWordAdvice('DEV', titles)?.suggestions.map((s) => s.word)).toEqual(['developer', 'devops', 'device'])
  })

  it('suggests only for the keyword word a missed title lacks', () => {
    const advice = partialWordAdvice('senior dev', ['Senior Developer', 'Senior Dev', 'Seniority Developer'])
    expect(advice).toEqual({ missed: 2, shown: 3, suggestions: [{ word: 'developer', replaces: 'dev' }, { word: 'seniority', replaces: 'senior' }] })
  })

  it('is null when the alert would send every job shown, or there is nothing to compare', () => {
    expect(partialWordAdvice('developer', ['Senior Developer', 'Developer (Java)'])).toBeNull()
    expect(partialWordAdvice('dev', [])).toBeNull()
    expect(partialWordAdvice('  ', ['Senior Developer'])).toBeNull()
  })

  it('says keywords with no word in them would miss every job, with nothing to suggest', () => {
    expect(partialWordAdvice('++', ['C++ Developer', 'C++ Engineer'])).toEqual({ missed: 2, shown: 2, suggestions: [] })
  })

  it('puts the count in words', () => {
    expect(partialWordText(' dev ', { missed: 2, shown: 3, suggestions: [] })).toBe('Alerts match whole words, so “dev” would not find 2 of the 3 jobs shown here.')
    expect(partialWordText('dev', { missed: 6, shown: 6, suggestions: [] })).toBe('Alerts match whole words, so “dev” would not find any of the 6 jobs shown here.')
    expect(partialWordText('dev', { missed: 1, shown: 1, suggestions: [] })).toBe('Alerts match whole words, so “dev” would not find the job shown here.')
  })
})

describe('using a suggested word', () => {
  it('replaces each piece that is the keyword word, keeping the rest as typed', () => {
    expect(replaceKeyword('dev', { word: 'developer', replaces: 'dev' })).toBe('developer')
    expect(replaceKeyword('Senior  Dev, remote', { word: 'developer', replaces: 'dev' })).toBe('Senior  developer, remote')
    expect(replaceKeyword('dev. DEV devops', { word: 'developer', replaces: 'dev' })).toBe('developer developer devops')
    expect(replaceKeyword('c# dev', { word: 'developer', replaces: 'dev' })).toBe('c# developer')
  })
})
