/** Descriptions of the nine specialisations (SPEC 1), shared by the home and specialisations pages. */
import { SPECIALISATIONS } from './company'

export type Specialisation = {
  name: (typeof SPECIALISATIONS)[number]
  abbr: string
  summary: string
  roles: string[]
  /** the page a card for it links to: its /services page where it has one */
  href: string
}

export const SPECIALISATION_DETAILS: Specialisation[] = [
  {
    name: 'Development + Testing',
    href: '/specializations',
    abbr: 'DT',
    summary:
      'Software engineers, mobile developers and quality specialists who design, build and test reliable products across modern stacks.',
    roles: ['Full-stack and front-end developers', 'Back-end and API engineers', 'Test automation and QA engineers'],
  },
  {
    name: 'AI + Robotics',
    href: '/specializations',
    abbr: 'AI',
    summary:
      'Machine learning engineers, applied AI specialists and robotics professionals turning research into practical, responsible products.',
    roles: ['Machine learning engineers', 'Applied AI and LLM specialists', 'Robotics and automation engineers'],
  },
  {
    name: 'BI + Data Analytics',
    href: '/specializations',
    abbr: 'BI',
    summary:
      'Data engineers, analysts and BI developers who organise data, model it well and turn it into decisions people can trust.',
    roles: ['Data engineers', 'BI developers and analysts', 'Data scientists'],
  },
  {
    name: 'Cloud + Infrastructure',
    href: '/services/cloud-infrastructure',
    abbr: 'CI',
    summary:
      'Cloud engineers, platform teams and network specialists who keep systems scalable, secure and cost-effective.',
    roles: ['Cloud and platform engineers', 'DevOps and SRE specialists', 'Network and systems engineers'],
  },
  {
    name: 'Digital',
    href: '/services/digital',
    abbr: 'DG',
    summary:
      'Product managers, UX and UI designers and digital specialists who shape customer experiences that people enjoy using.',
    roles: ['Product managers and owners', 'UX researchers and designers', 'Digital marketing technologists'],
  },
  {
    name: 'ERP/SAP/CRM',
    href: '/services/erp-sap-crm',
    abbr: 'ERP',
    summary:
      'Functional and technical consultants who implement, optimise and support enterprise platforms such as SAP, Dynamics and Salesforce.',
    roles: ['SAP functional and technical consultants', 'Salesforce and Dynamics developers', 'ERP solution architects'],
  },
  {
    name: 'Executive IT',
    href: '/services/executive-it',
    abbr: 'EX',
    summary:
      'Confidential searches for CIOs, CTOs, heads of engineering and technology leaders who set direction and lead change.',
    roles: ['CIO and CTO appointments', 'Heads of engineering and data', 'Technology directors'],
  },
  {
    name: 'Project Services',
    href: '/services/project-services',
    abbr: 'PS',
    summary:
      'Project and program managers, business analysts and delivery leads who bring technology change in on time and on budget.',
    roles: ['Project and program managers', 'Business analysts', 'Scrum masters and delivery leads'],
  },
  {
    name: 'Security + Cyber Security',
    href: '/services/security-cyber-security',
    abbr: 'SEC',
    summary:
      'Security engineers, analysts and governance specialists who protect organisations, their data and their customers.',
    roles: ['Security engineers and architects', 'SOC and incident response analysts', 'GRC and risk specialists'],
  },
]
