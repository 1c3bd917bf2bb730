/** Every user-visible text of templates that the server says; the web adds its own. */
export const templateMessages = {
  notFound: 'Template not found',
  nameRequired: 'Give the template a name.',
  nameTooLong: 'A template name cannot exceed 200 characters.',
  rolesRequired: 'Add at least one role.',
  tooManyRoles: 'A template can have at most 20 roles.',
  roleNameRequired: 'Each role needs a name, such as "Client" or "Landlord".',
  roleNameTooLong: 'A role name cannot exceed 60 characters.',
  roleNameRepeated: (name: string) => `The role "${name}" is listed twice: give each role its own name.`,
  fieldRoleMissing: (index: number) => `A field belongs to role ${index + 1}, which is not in the list.`,
  fieldsForViewer: (name: string) => `${name} is a viewer and only receives a copy: remove their fields.`,
  signerWithoutSignature: (name: string) =>
    `${name} signs but has no signature field: place one for this role first.`,
  keyInvalid:
    'A field key starts with a letter and holds only letters, digits and underscores (at most 40), such as rent.',
  keyOnlyForText: 'Only text fields can have a key: their value is given at each use.',
  keyRepeated: (key: string) => `The key "${key}" is used by two fields: each key names one field.`,
  defaultTooLong: 'A default value cannot exceed 500 characters.',
  expiryDaysInvalid: 'A request from this template stays open for 1 to 365 days.',
  notReady: 'Add roles and place their fields before using this template.',
  fileMissing:
    "This template's file was deleted, so it cannot be used. Create the template again from the document.",
  created: 'Template saved.',
  deleted: 'Template deleted.',
  // using a template
  assigneesRequired: (count: number) =>
    `Give a name and an e-mail address for each of the template's ${count} role${count === 1 ? '' : 's'}.`,
  valueUnknownKey: (key: string) => `This template has no field with the key "${key}".`,
  valueTooLong: (key: string) => `The value of "${key}" cannot exceed 500 characters.`,
  documentNameTooLong: 'A document name cannot exceed 200 characters.',
  tooManyTemplates: 'You have created many templates in a short time. Please wait a while and try again.',
} as const;
