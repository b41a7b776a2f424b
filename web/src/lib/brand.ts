/** The agency's name as every host shows it (tab titles, chrome). */
export const BRAND_NAME = 'Harbour IT Recruitment'
