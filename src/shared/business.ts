// The business's public facts: one place for the name, address, phone, hours and credit link.
export const BUSINESS = {
  name: 'Copper State Uniforms',
  legalName: 'Copper State Uniforms & Embroidery LLC',
  tagline: 'Custom embroidery, printing and uniforms for Arizona first responders',
  description:
    'Custom embroidery and printing for fire and medical departments, government agencies, businesses and the public across Arizona.',
  url: 'https://copperstateuniforms.example',
  email: 'orders@copperstateuniforms.example',
  phone: '+1-602-555-0148',
  phoneDisplay: '(602) 555-0148',
  address: { street: '2150 W Grant St', city: 'Phoenix', region: 'AZ', postalCode: '85009', country: 'US' },
  geo: { latitude: 33.4338, longitude: -112.1052 },
  hours: {
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    opens: '08:00',
    closes: '17:00',
    label: 'Monday to Friday, 08:00-17:00',
  },
  priceRange: '$$',
  credit: { label: 'Built by Sonoran Web Works', url: 'https://sonoranwebworks.example' },
} as const;
