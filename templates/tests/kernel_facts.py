"kernel_facts": {
${#each facts}
    ${device}: lambda ${parameters}: ${value},
${/each}
},
