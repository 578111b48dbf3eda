/** The family's delivery addresses: the address book dialog, its list and its summary's look. */

export { AddressBook, addressLine } from './AddressBook';
export { default as addressStyles } from './Addresses.module.css';
export { useAddresses } from './addresses-queries';
