/** The six additional services linked from /our-services, each with its own /services/{slug} page. */
export type ServiceDetail = {
  slug: string
  title: string
  teaser: string
  intro: string
  roles: string[]
  why: string[]
}

export const ADDITIONAL_SERVICES: ServiceDetail[] = [
  {
    slug: 'cloud-infrastructure',
    title: 'Cloud + Infrastructure',
    teaser: 'Cloud engineers, platform teams and network specialists for secure, scalable systems.',
    intro:
      'Moving to the cloud, modernising a platform or keeping critical systems running smoothly takes engineers with hands-on experience. We recruit cloud, platform and infrastructure professionals across AWS, Azure and Google Cloud.',
    roles: ['Cloud engineers and architects', 'Platform and DevOps engineers', 'Site reliability engineers', 'Network and systems engineers', 'FinOps and cloud cost specialists'],
    why: ['Consultants who understand infrastructure as code, containers and networking', 'Candidates assessed on real migration and operations experience', 'Contract specialists available for time-critical projects'],
  },
  {
    slug: 'digital',
    title: 'Digital',
    teaser: 'Product, design and digital specialists who shape great customer experiences.',
    intro:
      'Great digital products come from teams that understand their customers. We find product managers, designers and digital specialists who combine creativity with evidence-based decision-making.',
    roles: ['Product managers and product owners', 'UX researchers and designers', 'UI and interaction designers', 'Content and digital strategists', 'Marketing technologists'],
    why: ['Portfolio reviews as part of our screening', 'A network across agencies, start-ups and enterprise', 'Advice on structuring product and design teams'],
  },
  {
    slug: 'erp-sap-crm',
    title: 'ERP/SAP/CRM',
    teaser: 'Functional and technical consultants for SAP, Dynamics, Salesforce and more.',
    intro:
      'Enterprise platforms sit at the heart of how organisations operate. We recruit consultants and developers who implement, integrate and support ERP and CRM systems so they deliver real business value.',
    roles: ['SAP functional and technical consultants', 'Microsoft Dynamics specialists', 'Salesforce developers and administrators', 'Integration developers', 'ERP program and solution leads'],
    why: ['Specialists matched by module, platform and implementation stage', 'Strong contractor network for implementation peaks', 'Experience across private sector and government programs'],
  },
  {
    slug: 'executive-it',
    title: 'Executive IT',
    teaser: 'Confidential searches for CIOs, CTOs and senior technology leaders.',
    intro:
      'Senior technology appointments shape an organisation for years. Our executive search practice runs discreet, research-led searches for leaders who can set strategy, build teams and deliver change.',
    roles: ['Chief Information Officers', 'Chief Technology Officers', 'Chief Information Security Officers', 'Heads of engineering, data and architecture', 'Technology directors and general managers'],
    why: ['Market mapping that reaches leaders who are not actively looking', 'Structured leadership assessment and thorough referencing', 'Complete confidentiality for clients and candidates'],
  },
  {
    slug: 'project-services',
    title: 'Project Services',
    teaser: 'Project managers, business analysts and delivery leads to drive technology change.',
    intro:
      'Successful technology change relies on people who can plan, coordinate and deliver. We place project and program managers, business analysts and agile delivery specialists on permanent and contract terms.',
    roles: ['Project and program managers', 'Business analysts', 'Scrum masters and agile coaches', 'PMO analysts and managers', 'Change and transition managers'],
    why: ['Candidates assessed on delivery outcomes, not just methodology', 'Quick access to experienced contractors', 'Support for building whole project teams'],
  },
  {
    slug: 'security-cyber-security',
    title: 'Security + Cyber Security',
    teaser: 'Security engineers, analysts and governance specialists to protect your organisation.',
    intro:
      'Cyber threats keep evolving and skilled security professionals are in short supply. We recruit technical and governance security specialists who protect organisations, their data and their customers.',
    roles: ['Security engineers and architects', 'SOC and incident response analysts', 'Penetration testers', 'Governance, risk and compliance specialists', 'Identity and access management specialists'],
    why: ['Consultants who understand security frameworks and certifications', 'Candidates screened for clearance eligibility where required', 'Advice on competitive packages in a tight market'],
  },
]

export const findService = (slug: string | undefined) => ADDITIONAL_SERVICES.find((s) => s.slug === slug)
