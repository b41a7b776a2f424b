/** GET /api/candidate/resume/download (SPEC 7.5). */
import { useMutation } from '@tanstack/react-query'
import { downloadWithToken } from './client'

export const downloadResume = (filename: string) => downloadWithToken('/api/candidate/resume/download', filename)

export const useDownloadResume = () => useMutation({ mutationFn: downloadResume })
