/**
 * A small recall fixture: 30 short facts in three topics (billing, travel,
 * health), and 9 questions, each with the key of the fact that answers it.
 * The questions are worded as a person would ask, sharing some words with
 * their fact and some with its neighbours.
 */
export const RECALL_FACTS: Record<string, string> = {
  'billing-plan': 'The customer is on the Pro plan with five seats',
  'billing-card': 'Payments are made with a Visa card ending in 4242',
  'billing-invoice': 'Invoices are sent on the first day of each month',
  'billing-currency': 'The account is billed in euros',
  'billing-discount': 'A twenty percent discount applies until March',
  'billing-refund': 'A refund for the duplicate charge was issued in May',
  'billing-contact': 'Billing questions go to the finance team at Acme',
  'billing-tax': 'The company is exempt from sales tax',
  'billing-trial': 'The free trial ended on the tenth of January',
  'billing-upgrade': 'The customer asked about upgrading to the Enterprise plan',
  'travel-seat': 'Prefers an aisle seat on long flights',
  'travel-airline': 'Usually flies with Lufthansa from Berlin',
  'travel-hotel': 'Likes hotels close to the main train station',
  'travel-passport': 'The passport expires in August next year',
  'travel-meal': 'Orders a vegetarian meal on every flight',
  'travel-visa': 'Needs a visa for trips to India',
  'travel-luggage': 'Travels with carry-on luggage only',
  'travel-time': 'Prefers morning departures before nine',
  'travel-loyalty': 'Has gold status in the Miles and More programme',
  'travel-car': 'Rents an electric car when visiting California',
  'health-allergy': 'Is allergic to peanuts and shellfish',
  'health-doctor': 'The family doctor is Dr Meyer in Potsdam',
  'health-medication': 'Takes blood pressure medication every morning',
  'health-exercise': 'Runs five kilometres three times a week',
  'health-sleep': 'Sleeps badly after drinking coffee in the evening',
  'health-diet': 'Follows a low salt diet',
  'health-checkup': 'The yearly checkup is booked for October',
  'health-glasses': 'Wears reading glasses for small print',
  'health-dentist': 'The dentist appointment is every six months',
  'health-insurance': 'Health insurance is with TK',
};

/** A question and the key of the fact that answers it. */
export const RECALL_QUERIES: readonly (readonly [string, string])[] = [
  ['Which plan is the customer on?', 'billing-plan'],
  ['What card are payments made with?', 'billing-card'],
  ['When are invoices sent?', 'billing-invoice'],
  ['What seat does she prefer on flights?', 'travel-seat'],
  ['Which airline does he usually fly with?', 'travel-airline'],
  ['When does the passport expire?', 'travel-passport'],
  ['What is she allergic to?', 'health-allergy'],
  ['Who is the family doctor?', 'health-doctor'],
  ['When is the yearly checkup?', 'health-checkup'],
];
